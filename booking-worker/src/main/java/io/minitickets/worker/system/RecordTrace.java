package io.minitickets.worker.system;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

/**
 * The trace of the request that published a record, from its W3C {@code traceparent} header (the api-service's
 * KafkaTemplate observation writes it), put in the MDC as {@code traceId} and {@code spanId} while a log line about
 * the record is written. The listener is a batch listener, which spring-kafka does not observe, so the worker reads the
 * header itself; it does so only for log lines that are written.
 *
 * @see <a href="https://www.w3.org/TR/trace-context/#traceparent-header">W3C Trace Context, traceparent</a>
 */
public final class RecordTrace implements AutoCloseable {

	/** The header's name. */
	public static final String HEADER = "traceparent";

	private static final Pattern TRACEPARENT = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

	private final boolean set;

	private RecordTrace(boolean set) {
		this.set = set;
	}

	/**
	 * Puts a record's trace and span id in the MDC until {@link #close()}; does nothing when it has no valid header.
	 * @param record the record
	 * @return what to close after logging
	 */
	public static RecordTrace of(ConsumerRecord<?, ?> record) {
		String traceparent = traceparent(record);
		if (traceparent == null) {
			return new RecordTrace(false);
		}
		MDC.put("traceId", traceparent.substring(3, 35));
		MDC.put("spanId", traceparent.substring(36, 52));
		return new RecordTrace(true);
	}

	/**
	 * @param record the record
	 * @return its {@code traceparent} header when it is valid, else null
	 */
	static @Nullable String traceparent(ConsumerRecord<?, ?> record) {
		Header header = record.headers().lastHeader(HEADER);
		if (header == null || header.value() == null) {
			return null;
		}
		String value = new String(header.value(), StandardCharsets.US_ASCII);
		return TRACEPARENT.matcher(value).matches() ? value : null;
	}

	@Override
	public void close() {
		if (this.set) {
			MDC.remove("traceId");
			MDC.remove("spanId");
		}
	}

}
