package io.minitickets.api.web;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A header the API reads by its first value only is refused when sent twice, rather than read by whichever comes
 * first (a proxy or a log may read the other).
 */
class RequestHeadersIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private InventoryGate gate;

	@Test
	void refusesTwoAuthorizationHeadersWithA400() {
		long eventId = createOpenEvent(3);

		ApiClient.RawResponse response = this.api.sendRaw("POST", "/api/events/" + eventId + "/bookings",
				"{\"quantity\":1}", "Authorization: Bearer " + newUserToken(), "Authorization: Bearer " + adminToken());

		assertThat(response.status()).as(response.head() + response.body()).isEqualTo(400);
		assertThat(response.head()).contains("Content-Type: application/problem+json\r\n");
		assertThat(response.body()).contains("/problems/invalid-request").contains("one Authorization header");
		assertThat(this.gate.available(eventId)).hasValue(3);
	}

}
