package io.minitickets.api.booking;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.KeyValuePair;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A booking's HTTP request is traced, and its trace travels with its Kafka record: the accepted line carries the trace
 * id (MDC) with the booking and event ids (key-values), and the record's W3C {@code traceparent} header names the
 * same trace, which the worker puts in its own log lines (see the worker's {@code RecordTraceIntegrationTests}).
 */
class BookingTraceIntegrationTests extends ApiIntegrationTest {

	@Test
	void theAcceptedLineAndTheKafkaRecordCarryTheRequestsTraceId() {
		long eventId = createOpenEvent(5);
		Logger logger = (Logger) LoggerFactory.getLogger(BookingAdmission.class);
		ListAppender<ILoggingEvent> lines = new ListAppender<>();
		lines.start();
		Level level = logger.getLevel();
		logger.addAppender(lines);
		logger.setLevel(Level.DEBUG);
		UUID bookingId;
		try {
			var response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", newUserToken());
			assertThat(response.statusCode()).isEqualTo(202);
			bookingId = UUID.fromString(ApiClient.json(response).get("bookingId").asString());
		}
		finally {
			logger.detachAppender(lines);
			logger.setLevel(level);
		}

		ILoggingEvent accepted = lines.list.stream()
			.filter((line) -> line.getFormattedMessage().equals("Booking " + bookingId + " of event " + eventId
					+ " accepted"))
			.findFirst()
			.orElseThrow();
		String traceId = accepted.getMDCPropertyMap().get("traceId");
		assertThat(traceId).matches("[0-9a-f]{32}");
		assertThat(keyValues(accepted.getKeyValuePairs())).contains("bookingId=" + bookingId, "eventId=" + eventId);
		ConsumerRecord<String, String> record = RequestedTopic.record(kafkaBootstrapServers(), bookingId);
		Header traceparent = record.headers().lastHeader("traceparent");
		assertThat(traceparent).isNotNull();
		assertThat(new String(traceparent.value(), StandardCharsets.US_ASCII)).startsWith("00-" + traceId + "-");
	}

	private static List<String> keyValues(List<KeyValuePair> pairs) {
		return pairs.stream().map((pair) -> pair.key + "=" + pair.value).toList();
	}

}
