package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ScratchValkeyIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 7 item 1: a Valkey failure on an Idempotency-Key is never a 500. The key cannot be claimed: 503 with
 * Retry-After before anything is taken. Its answer cannot be remembered: the answer stands (the broker has the
 * booking), counted. Valkey refuses by ACL rules on a private server, while the limiter's and the gate's keys work.
 */
class IdempotencyStoreUnavailableIntegrationTests extends ScratchValkeyIntegrationTest {

	@Autowired
	private MeterRegistry meters;

	@Test
	void answers503WithRetryAfterWhenTheKeyCannotBeClaimed() {
		long eventId = openEvent(3);
		valkey.setDefaultUser("resetkeys", "~*rl:*", "~*bk:*", "~*inv:*");

		HttpResponse<String> response = book(eventId, 11, "Idempotency-Key", "cannot-claim");

		assertThat(response.statusCode()).isEqualTo(503);
		BookingApiIntegrationTests.assertProblem(response, "unavailable");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("Idempotency-Key");
		assertThat(this.gate.available(eventId)).as("nothing was taken").hasValue(3);
	}

	@Test
	void keepsTheAcceptedAnswerWhenTheKeyCannotBeRemembered() {
		long eventId = openEvent(3);
		valkey.setDefaultUser("resetkeys", "~*rl:*", "~*bk:*", "~*inv:*", "(~*idem:* +set)");
		double before = unavailable("remember");

		HttpResponse<String> response = book(eventId, 12, "Idempotency-Key", "cannot-remember");

		assertThat(response.statusCode()).isEqualTo(202);
		// the answer is remembered after the 202, without the request waiting for it
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(unavailable("remember")).isEqualTo(before + 1));
		assertThat(this.gate.available(eventId)).hasValue(2);
	}

	private double unavailable(String step) {
		Counter counter = this.meters.find("minitickets.idempotency.unavailable").tag("step", step).counter();
		return (counter != null) ? counter.count() : 0;
	}

}
