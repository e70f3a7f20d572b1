package io.minitickets.ops.replay;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.KafkaHeaders;

import static org.assertj.core.api.Assertions.assertThat;

class SourceRecordTests {

	@Test
	void readsADeadLettersOriginAndEveryClassOfItsFailureChain() {
		ConsumerRecord<byte[], byte[]> deadLetter = new ConsumerRecord<>(BookingTopics.REQUESTED_DLT, 2, 5,
				utf8("42"), utf8("not JSON"));
		deadLetter.headers()
			.add(KafkaHeaders.DLT_ORIGINAL_TOPIC, utf8(BookingTopics.REQUESTED))
			.add(KafkaHeaders.DLT_ORIGINAL_PARTITION, ByteBuffer.allocate(Integer.BYTES).putInt(2).array())
			.add(KafkaHeaders.DLT_ORIGINAL_OFFSET, ByteBuffer.allocate(Long.BYTES).putLong(17).array())
			.add(KafkaHeaders.DLT_EXCEPTION_FQCN,
					utf8("org.springframework.kafka.listener.ListenerExecutionFailedException"))
			.add(KafkaHeaders.DLT_EXCEPTION_CAUSE_FQCN, utf8("tools.jackson.core.exc.StreamReadException"))
			.add(KafkaHeaders.DLT_EXCEPTION_STACKTRACE, utf8("""
					org.springframework.kafka.listener.ListenerExecutionFailedException: Listener failed
						at org.springframework.kafka.listener.Container.invoke(Container.java:10)
					Caused by: io.minitickets.worker.deadletter.UnprocessableRecordException: Unreadable value
						at io.minitickets.worker.settlement.BookingRequestListener.problem(BookingRequestListener.java:99)
						... 12 more
					Caused by: tools.jackson.core.exc.StreamReadException: Unrecognized token 'not'
					"""));

		SourceRecord source = SourceRecord.of(deadLetter);

		assertThat(source.original()).isEqualTo(new RecordCoordinates(BookingTopics.REQUESTED, 2, 17));
		assertThat(source.request()).isNull();
		assertThat(source.failureClasses()).containsExactlyInAnyOrder(
				"org.springframework.kafka.listener.ListenerExecutionFailedException",
				"io.minitickets.worker.deadletter.UnprocessableRecordException",
				"tools.jackson.core.exc.StreamReadException");
		assertThat(new ReplayFilter(null, null, "UnprocessableRecordException").matchesFailure(source, null)).isTrue();
		assertThat(new ReplayFilter(null, null, "RecordException").matchesFailure(source, null)).isFalse();
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
