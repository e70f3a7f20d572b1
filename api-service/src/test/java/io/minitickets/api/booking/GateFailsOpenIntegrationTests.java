package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.core.testing.TestInfrastructure;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DESIGN.md invariant 6, the open direction: with only the gate's Valkey unreachable, bookings still go to Kafka,
 * marked ungated, for Postgres to decide alone.
 */
class GateFailsOpenIntegrationTests extends ApiIntegrationTest {

	@DynamicPropertySource
	static void gateDown(DynamicPropertyRegistry registry) {
		int closed = TestInfrastructure.closedPort();
		registry.add("minitickets.valkey.gate-url", () -> "redis://127.0.0.1:" + closed);
	}

	@Test
	void sendsTheBookingToKafkaUngated() {
		long eventId = createOpenEvent(5);

		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				newUserToken());

		assertThat(response.statusCode()).isEqualTo(202);
		UUID bookingId = UUID.fromString(ApiClient.json(response).get("bookingId").asString());
		assertThat(RequestedTopic.find(kafkaBootstrapServers(), bookingId).getValue().get("gated").asBoolean())
			.isFalse();
	}

}
