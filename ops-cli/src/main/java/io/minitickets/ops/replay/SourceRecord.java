package io.minitickets.ops.replay;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.support.KafkaHeaders;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A record read for a replay, with what the replay needs to know about it.
 *
 * @param record the record as read, key and value as bytes
 * @param original where the API first wrote it: {@link ReplayHeaders}, else the dead-letter headers, else the record's
 * own position
 * @param request its value read as a booking request; null when it is not one (a poison record)
 * @param replayCount how many times it was replayed already ({@link ReplayHeaders#REPLAY_COUNT}, 0 when never)
 * @param exceptionClass for a dead letter, the class of the exception the recoverer was given
 * ({@code kafka_dlt-exception-fqcn}, often the container's wrapper); else null
 * @param failureClasses for a dead letter, every exception class of the failure's chain: the one above, the root
 * cause ({@code kafka_dlt-exception-cause-fqcn}) and each "Caused by" of {@code kafka_dlt-exception-stacktrace};
 * empty for other records
 */
record SourceRecord(ConsumerRecord<byte[], byte[]> record, RecordCoordinates original,
		@Nullable BookingRequested request, int replayCount, @Nullable String exceptionClass,
		Set<String> failureClasses) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** A fully qualified class name at the start of a stack trace line, after an optional "Caused by: ". */
	private static final Pattern THROWABLE_LINE = Pattern
		.compile("^(?:Caused by: )?([a-zA-Z_$][\\w$]*(?:\\.[a-zA-Z_$][\\w$]*)+)(?::|$)");

	/**
	 * @param record a record as read
	 * @return its view
	 */
	static SourceRecord of(ConsumerRecord<byte[], byte[]> record) {
		Headers headers = record.headers();
		RecordCoordinates original = ReplayHeaders.original(headers).orElseGet(() -> deadLetterOrigin(record));
		String exceptionClass = ReplayHeaders.text(headers, KafkaHeaders.DLT_EXCEPTION_FQCN);
		return new SourceRecord(record, original, readRequest(record.value()), ReplayHeaders.replayCount(headers),
				exceptionClass, failureClasses(headers, exceptionClass));
	}

	/** @return the record's key as text, the event id for records the API wrote; null when it has none */
	@Nullable String key() {
		return (this.record.key() != null) ? new String(this.record.key(), StandardCharsets.UTF_8) : null;
	}

	/** @return the booking id, or null when the value is not a booking request */
	@Nullable UUID bookingId() {
		return (this.request != null) ? this.request.bookingId() : null;
	}

	/** @return {@code topic-partition@offset} of the record read */
	String position() {
		return this.record.topic() + "-" + this.record.partition() + "@" + this.record.offset();
	}

	/**
	 * One line for a sample: where it is, where it came from, its key, booking and failure.
	 * @return the line
	 */
	String describe() {
		StringBuilder line = new StringBuilder(position());
		if (!this.original.toString().equals(position())) {
			line.append(" original=").append(this.original);
		}
		line.append(" key=").append(key());
		UUID bookingId = bookingId();
		line.append(" bookingId=").append((bookingId != null) ? bookingId : "(unreadable)");
		if (this.replayCount > 0) {
			line.append(" replays=").append(this.replayCount);
		}
		if (this.exceptionClass != null) {
			line.append(" exception=").append(this.exceptionClass);
		}
		String rootCause = ReplayHeaders.text(this.record.headers(), KafkaHeaders.DLT_EXCEPTION_CAUSE_FQCN);
		if (rootCause != null) {
			line.append(" cause=").append(rootCause);
		}
		return line.toString();
	}

	private static Set<String> failureClasses(Headers headers, @Nullable String exceptionClass) {
		Set<String> classes = new LinkedHashSet<>();
		if (exceptionClass != null) {
			classes.add(exceptionClass);
		}
		String rootCause = ReplayHeaders.text(headers, KafkaHeaders.DLT_EXCEPTION_CAUSE_FQCN);
		if (rootCause != null) {
			classes.add(rootCause);
		}
		String stackTrace = ReplayHeaders.text(headers, KafkaHeaders.DLT_EXCEPTION_STACKTRACE);
		if (stackTrace != null) {
			stackTrace.lines().map(String::strip).map(THROWABLE_LINE::matcher).filter(Matcher::find)
				.forEach((match) -> classes.add(match.group(1)));
		}
		return Set.copyOf(classes);
	}

	private static RecordCoordinates deadLetterOrigin(ConsumerRecord<byte[], byte[]> record) {
		Header topic = record.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_TOPIC);
		Header partition = record.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_PARTITION);
		Header offset = record.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET);
		if (topic != null && partition != null && offset != null && partition.value().length == Integer.BYTES
				&& offset.value().length == Long.BYTES) {
			return new RecordCoordinates(new String(topic.value(), StandardCharsets.UTF_8),
					ByteBuffer.wrap(partition.value()).getInt(), ByteBuffer.wrap(offset.value()).getLong());
		}
		return new RecordCoordinates(record.topic(), record.partition(), record.offset());
	}

	private static @Nullable BookingRequested readRequest(byte @Nullable [] value) {
		if (value == null) {
			return null;
		}
		try {
			BookingRequested request = JSON.readValue(value, BookingRequested.class);
			return (request != null && request.bookingId() != null) ? request : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

}
