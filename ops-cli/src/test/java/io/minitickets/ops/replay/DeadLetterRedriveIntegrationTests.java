package io.minitickets.ops.replay;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import io.minitickets.ops.OpsIntegrationTestSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.KafkaHeaders;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redriving the dead-letter topic: a dead letter whose cause is fixed settles exactly once however often it is
 * redriven, a dry run publishes nothing, a record whose last redrive failed again is skipped unless {@code --again},
 * and a record that is still poison is parked after {@code --max-redrives} redrives instead of going round for ever.
 */
class DeadLetterRedriveIntegrationTests extends OpsIntegrationTestSupport {

	private static final String UNPROCESSABLE = "io.minitickets.worker.deadletter.UnprocessableRecordException";

	@Test
	void aDeadLetterRedrivenAfterItsCauseIsFixedSettlesExactlyOnce() {
		long eventId = createEvent(10);
		BookingRequested fixed = request(eventId, 2, false);
		long originalOffset = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);
		// a worker before the fix dead-lettered it, twice (the issue's report): two copies of one original
		deadLetter(fixed, originalOffset);
		deadLetter(fixed, originalOffset);

		Run first = ops("replay", "--event", Long.toString(eventId), "--execute");
		Run second = ops("replay", "--event", Long.toString(eventId), "--execute");

		assertThat(first.exit()).as(first.toString()).isZero();
		assertThat(first.out()).contains("published 1, parked 0, skipped 1", "1 CONFIRMED now");
		assertThat(second.exit()).as(second.toString()).isZero();
		assertThat(second.out()).contains("0 CONFIRMED now", "1 were final already");
		assertThat(bookingCount(eventId)).isEqualTo(1);
		assertThat(seatsSold(eventId)).isEqualTo(2);
		List<ConsumerRecord<String, byte[]>> copies = readAll(BookingTopics.REQUESTED).stream()
			.filter((record) -> Long.toString(eventId).equals(record.key()))
			.toList();
		assertThat(copies).hasSize(2);
		assertThat(copies).allSatisfy((copy) -> {
			assertThat(copy.headers().lastHeader(KafkaHeaders.DLT_EXCEPTION_FQCN)).isNull();
			assertThat(copy.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET)).isNull();
			assertThat(ReplayHeaders.original(copy.headers())).hasValueSatisfying(
					(original) -> assertThat(original.offset()).isEqualTo(originalOffset));
		});
		assertThat(copies.stream().map((copy) -> ReplayHeaders.replayCount(copy.headers()))).containsExactly(1, 2);
		assertThat(this.jdbc.queryForList("select who, command, published, skipped, settled_new, duplicates "
				+ "from ops_audit where filters = ? order by id", "event=" + eventId)).hasSize(2)
			.first()
			.satisfies((row) -> assertThat(row).containsEntry("who", System.getProperty("user.name"))
				.containsEntry("command", "replay")
				.containsEntry("published", 1)
				.containsEntry("skipped", 1)
				.containsEntry("settled_new", 1)
				.containsEntry("duplicates", 0));
	}

	@Test
	void aDryRunPrintsWhatWouldHappenAndPublishesNothing() {
		long eventId = createEvent(10);
		BookingRequested settled = request(eventId, 1, false);
		publish(List.of(settled));
		awaitBookings(eventId, 1);
		deadLetter(settled, ThreadLocalRandom.current().nextLong(2_000_000, 3_000_000));
		deadLetter(request(eventId, 1, false), ThreadLocalRandom.current().nextLong(3_000_000, 4_000_000));
		var requestedBefore = endOffsets(BookingTopics.REQUESTED);
		int auditBefore = auditRows();

		Run run = ops("replay", "--event", Long.toString(eventId));

		assertThat(run.exit()).as(run.toString()).isZero();
		assertThat(run.out()).contains("dry run", "1 of 2 booking ids are CONFIRMED or REJECTED", "sample (2 of 2)",
				UNPROCESSABLE)
			.containsPattern("would publish\\s+2 to bookings.requested");
		assertThat(endOffsets(BookingTopics.REQUESTED)).isEqualTo(requestedBefore);
		assertThat(auditRows()).isEqualTo(auditBefore);
		assertThat(bookingCount(eventId)).isEqualTo(1);
	}

	@Test
	void aPoisonRecordRedrivenPastTheLimitIsParkedNotLooped() {
		long eventId = createEvent(10);
		String key = Long.toString(eventId);
		publishRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key, "poison".getBytes(StandardCharsets.UTF_8)));
		await().atMost(TIMEOUT).until(() -> recordsWithKey(BookingTopics.REQUESTED_DLT, key) == 1);
		String[] redrive = { "replay", "--event", key, "--max-redrives", "2", "--again", "--execute" };

		Run first = ops(redrive);
		Run second = ops(redrive);
		Run third = ops(redrive);
		Run fourth = ops(redrive);

		assertThat(first.out()).as(first.toString()).contains("published 1, parked 0", "1 not a valid booking");
		assertThat(second.out()).as(second.toString()).contains("published 1, parked 0");
		assertThat(third.out()).as(third.toString()).contains("published 0, parked 1");
		assertThat(fourth.out()).as(fourth.toString()).contains("published 0, parked 0, skipped 1");
		assertThat(List.of(first.exit(), second.exit(), third.exit(), fourth.exit())).containsOnly(0);
		assertThat(recordsWithKey(BookingTopics.REQUESTED_DLT, key)).isEqualTo(1);
		assertThat(recordsWithKey(BookingTopics.REQUESTED, key)).isEqualTo(3);
		List<ConsumerRecord<String, byte[]>> parked = readAll(BookingTopics.REQUESTED_PARKED).stream()
			.filter((record) -> key.equals(record.key()))
			.toList();
		assertThat(parked).singleElement()
			.satisfies((record) -> assertThat(ReplayHeaders.replayCount(record.headers())).isEqualTo(2));
		RecordCoordinates original = ReplayHeaders.original(parked.get(0).headers()).orElseThrow();
		assertThat(this.jdbc.queryForMap("""
				select redrives, parked_at is not null as parked from dead_letters
				where original_topic = ? and original_partition = ? and original_offset = ?""", original.topic(),
				original.partition(), original.offset()))
			.containsEntry("redrives", 2)
			.containsEntry("parked", true);
	}

	@Test
	void aRedriveWhoseRecordFailedAgainIsSkippedNextTimeUnlessAgain() {
		long eventId = createEvent(10);
		String key = Long.toString(eventId);
		publishRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key, "poison".getBytes(StandardCharsets.UTF_8)));
		await().atMost(TIMEOUT).until(() -> recordsWithKey(BookingTopics.REQUESTED_DLT, key) == 1);

		Run first = ops("replay", "--event", key, "--execute");
		Run second = ops("replay", "--event", key, "--execute");
		Run forced = ops("replay", "--event", key, "--again", "--execute");

		assertThat(first.out()).as(first.toString()).contains("published 1, parked 0, skipped 0");
		assertThat(second.out()).as(second.toString())
			.containsPattern("to skip\\s+1 \\(0 earlier copies of one original, 0 parked before, 0 over --max, "
					+ "1 whose last redrive did not settle them: --again redrives them\\)")
			.contains("published 0, parked 0, skipped 1");
		assertThat(forced.out()).as(forced.toString()).contains("published 1, parked 0, skipped 0");
		assertThat(List.of(first.exit(), second.exit(), forced.exit())).containsOnly(0);
		assertThat(recordsWithKey(BookingTopics.REQUESTED, key)).isEqualTo(3);
		assertThat(recordsWithKey(BookingTopics.REQUESTED_DLT, key)).isEqualTo(1);
	}

	/** Writes a dead letter as spring-kafka's recoverer does: original coordinates and failure in headers. */
	private void deadLetter(BookingRequested request, long originalOffset) {
		ProducerRecord<Object, Object> record = new ProducerRecord<>(BookingTopics.REQUESTED_DLT,
				Long.toString(request.eventId()), JsonMapper.builder().build().writeValueAsBytes(request));
		Headers headers = record.headers();
		headers.add(KafkaHeaders.DLT_ORIGINAL_TOPIC, BookingTopics.REQUESTED.getBytes(StandardCharsets.UTF_8));
		headers.add(KafkaHeaders.DLT_ORIGINAL_PARTITION, ByteBuffer.allocate(Integer.BYTES).putInt(0).array());
		headers.add(KafkaHeaders.DLT_ORIGINAL_OFFSET,
				ByteBuffer.allocate(Long.BYTES).putLong(originalOffset).array());
		headers.add(KafkaHeaders.DLT_EXCEPTION_FQCN, UNPROCESSABLE.getBytes(StandardCharsets.UTF_8));
		headers.add(KafkaHeaders.DLT_EXCEPTION_MESSAGE,
				"Invalid booking request (a worker that did not know this shape)".getBytes(StandardCharsets.UTF_8));
		publishRaw(record);
	}

}
