package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 7 item 8: only the request that holds an Idempotency-Key's claim changes its entry. A request that outlived
 * its claim (here: the claim is gone while the request waits for the broker, and another request took the key) neither
 * deletes nor overwrites the other request's entry.
 */
class IdempotencyEntryOwnershipIntegrationTests extends ProducerFaultsIntegrationTest {

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void aRequestThatOutlivedItsClaimLeavesTheNextRequestsEntryAlone() throws Exception {
		long eventId = createOpenEvent(5);
		long userId = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
		String token = mint(userId);
		String entry = this.keys.idempotency(userId, "outlived");
		HeldAcknowledgements.hold();

		CompletableFuture<HttpResponse<String>> first = CompletableFuture
			.supplyAsync(() -> book(eventId, 1, token, "Idempotency-Key", "outlived"));
		await().atMost(Duration.ofSeconds(30)).until(() -> this.valkey.sync().exists(entry) == 1);
		this.valkey.sync().del(entry);
		CompletableFuture<HttpResponse<String>> second = CompletableFuture
			.supplyAsync(() -> book(eventId, 2, token, "Idempotency-Key", "outlived"));
		await().atMost(Duration.ofSeconds(30)).until(() -> this.valkey.sync().exists(entry) == 1);

		assertThat(first.get(60, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
		assertThat(second.get(60, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
		String kept = this.valkey.sync().get(entry);
		assertThat(kept).as("the second request's entry survives the first request's end").isNotNull();
		assertThat(kept.split("\\|")[3]).as("written by the second request (2 seats) only").isEqualTo("2");
	}

}
