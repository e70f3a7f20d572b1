package io.minitickets.worker.system;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The worker's line about a booking record carries the trace of the request that published it (the record's W3C
 * {@code traceparent} header, written by the api-service's KafkaTemplate observation) in its MDC, with the booking and
 * event ids as key-values.
 */
class RecordTraceIntegrationTests extends WorkerIntegrationTestSupport {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	@Test
	void theSettlingLineCarriesTheTraceIdOfTheRecordsTraceparent() {
		long eventId = createEvent(5, null);
		BookingRequested request = request(eventId, 7, 1, false);
		Logger logger = (Logger) LoggerFactory.getLogger("io.minitickets.worker.settlement.BookingRequestListener");
		List<ILoggingEvent> lines = new CopyOnWriteArrayList<>();
		AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {

			@Override
			protected void append(ILoggingEvent event) {
				lines.add(event);
			}

		};
		appender.start();
		Level level = logger.getLevel();
		logger.addAppender(appender);
		logger.setLevel(Level.DEBUG);
		try {
			ProducerRecord<Object, Object> record = new ProducerRecord<>(BookingTopics.REQUESTED,
					Long.toString(eventId), request);
			record.headers()
				.add("traceparent", ("00-" + TRACE_ID + "-00f067aa0ba902b7-01").getBytes(StandardCharsets.US_ASCII));
			acknowledged(this.kafka.send(record));

			await().atMost(TIMEOUT)
				.until(() -> lines.stream()
					.anyMatch((line) -> line.getFormattedMessage().contains("bookingId=" + request.bookingId())));
		}
		finally {
			logger.detachAppender(appender);
			logger.setLevel(level);
		}

		ILoggingEvent settling = lines.stream()
			.filter((line) -> line.getFormattedMessage().contains("bookingId=" + request.bookingId()))
			.findFirst()
			.orElseThrow();
		assertThat(settling.getMDCPropertyMap()).containsEntry("traceId", TRACE_ID)
			.containsEntry("spanId", "00f067aa0ba902b7");
		assertThat(settling.getKeyValuePairs()).anySatisfy((pair) -> {
			assertThat(pair.key).isEqualTo("eventId");
			assertThat(pair.value).isEqualTo(eventId);
		});
	}

}
