package io.minitickets.worker.deadletter;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.MessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A poison record is dead-lettered once per original record: consuming it again after the worker group's offsets were
 * reset to the earliest (the report: the dead-letter topic grew from 2 to 4 records for 2 originals), or
 * consuming a replayed copy that carries its original coordinates, publishes nothing more to the dead-letter topic and
 * does not count it again.
 */
class DeadLetteredOncePerOriginalIntegrationTests extends WorkerIntegrationTestSupport {

	/** The booking listener's container id (BookingRequestListener.ID). */
	private static final String LISTENER_ID = "booking-worker";

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Test
	void reConsumingAPoisonRecordOrAReplayedCopyOfItNeverDeadLettersItAgain() throws Exception {
		long eventId = createEvent(10, null);
		String key = Long.toString(eventId);
		double deadLettersBefore = counter("minitickets.worker.dead.letters");
		double repeatedBefore = counter("minitickets.worker.dead.letters.repeated");
		RecordMetadata poison = sendRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key,
				"not JSON".getBytes(StandardCharsets.UTF_8)));
		await().atMost(TIMEOUT).until(() -> deadLetters(key) == 1);
		awaitAllConsumed();

		resetWorkerGroupToEarliest();
		awaitAllConsumed();

		ProducerRecord<Object, Object> copy = new ProducerRecord<>(BookingTopics.REQUESTED, key,
				"not JSON".getBytes(StandardCharsets.UTF_8));
		copy.headers()
			.add(ReplayHeaders.ORIGINAL_TOPIC, poison.topic().getBytes(StandardCharsets.UTF_8))
			.add(ReplayHeaders.ORIGINAL_PARTITION, bytes(poison.partition()))
			.add(ReplayHeaders.ORIGINAL_OFFSET, bytes(poison.offset()))
			.add(ReplayHeaders.REPLAY_COUNT, bytes(1));
		sendRaw(copy);
		awaitAllConsumed();

		assertThat(deadLetters(key)).isEqualTo(1);
		assertThat(counter("minitickets.worker.dead.letters") - deadLettersBefore).isEqualTo(1);
		assertThat(counter("minitickets.worker.dead.letters.repeated") - repeatedBefore).isGreaterThanOrEqualTo(2);
		assertThat(this.jdbc.queryForObject("""
				select count(*) from dead_letters
				where original_topic = ? and original_partition = ? and original_offset = ?""", Integer.class,
				poison.topic(), poison.partition(), poison.offset())).isEqualTo(1);
	}

	private void resetWorkerGroupToEarliest() throws Exception {
		MessageListenerContainer container = this.listeners.getListenerContainer(LISTENER_ID);
		assertThat(container).isNotNull();
		container.stop();
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			List<TopicPartition> partitions = admin.describeTopics(List.of(BookingTopics.REQUESTED))
				.allTopicNames()
				.get()
				.get(BookingTopics.REQUESTED)
				.partitions()
				.stream()
				.map((partition) -> new TopicPartition(BookingTopics.REQUESTED, partition.partition()))
				.toList();
			Map<TopicPartition, OffsetAndMetadata> earliest = admin
				.listOffsets(partitions.stream().collect(Collectors.toMap((tp) -> tp, (tp) -> OffsetSpec.earliest())))
				.all()
				.get()
				.entrySet()
				.stream()
				.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> new OffsetAndMetadata(entry.getValue().offset())));
			// the group's offsets can be altered only once the stopped consumer has left it
			await().atMost(TIMEOUT)
				.ignoreExceptions()
				.until(() -> admin.alterConsumerGroupOffsets(BookingTopics.WORKER_GROUP, earliest).all().get() == null);
		}
		container.start();
	}

	private RecordMetadata sendRaw(ProducerRecord<Object, Object> record) {
		KafkaTemplate<Object, Object> raw = new KafkaTemplate<>(this.kafka.getProducerFactory(),
				Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
		try {
			return acknowledged(raw.send(record)).getRecordMetadata();
		}
		finally {
			raw.destroy();
		}
	}

	private long deadLetters(String key) {
		return readAll(BookingTopics.REQUESTED_DLT).stream().filter((record) -> key.equals(record.key())).count();
	}

	private double counter(String name) {
		return this.meters.counter(name).count();
	}

	private static byte[] bytes(long value) {
		return Long.toString(value).getBytes(StandardCharsets.UTF_8);
	}

}
