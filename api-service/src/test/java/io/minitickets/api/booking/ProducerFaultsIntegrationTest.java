package io.minitickets.api.booking;

import java.net.http.HttpResponse;

import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.springframework.test.context.TestPropertySource;

/**
 * The API against the embedded broker with a producer whose acknowledgements can be held
 * ({@link HeldAcknowledgements}) and whose next send can fail before it is appended ({@link FailingPartitioner}); a
 * 2 s send timeout. Subclasses share one application context.
 */
@TestPropertySource(properties = {
		"spring.kafka.producer.properties.interceptor.classes=io.minitickets.api.booking.HeldAcknowledgements",
		"spring.kafka.producer.properties.partitioner.class=io.minitickets.api.booking.FailingPartitioner",
		"minitickets.booking.send-timeout=2s" })
abstract class ProducerFaultsIntegrationTest extends ApiIntegrationTest {

	@AfterEach
	void releaseAcknowledgements() {
		HeldAcknowledgements.release();
	}

	HttpResponse<String> book(long eventId, int quantity, String token, String... headers) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":" + quantity + "}", token,
				headers);
	}

}
