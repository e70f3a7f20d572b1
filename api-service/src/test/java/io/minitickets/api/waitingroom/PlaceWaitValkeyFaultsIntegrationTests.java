package io.minitickets.api.waitingroom;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.ScratchValkeyIntegrationTest;
import io.minitickets.core.security.AccessTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, a load run's finding: a long-poll of a place ({@code Prefer: wait=N}, a read every 500 ms) whose reads
 * fail now and then (Valkey slower than its command timeout, here 500 ms: the private server asleep for 2 s) skips the
 * failed reads and answers 200; a wait with no reading to answer (the server gone before it) is a 503 problem with
 * Retry-After.
 */
@TestPropertySource(properties = "minitickets.valkey.command-timeout=500ms")
class PlaceWaitValkeyFaultsIntegrationTests extends ScratchValkeyIntegrationTest {

	private final AccessTokens tokens = new AccessTokens(ApiIntegrationTest.SECRET, Duration.ofHours(1),
			"minitickets");

	@Test
	@Timeout(60)
	void aReadTimingOutDuringTheWaitIsSkippedAndTheWaitAnswers200() throws Exception {
		long eventId = preQueueRoom();
		String placeId = join(eventId, 51);

		CompletableFuture<HttpResponse<String>> wait = CompletableFuture.supplyAsync(() -> longPoll(eventId, placeId,
				51, 5));
		Thread.sleep(1000);
		valkey.sleep(2);
		valkey.awaitAwake();

		HttpResponse<String> answer = wait.get();
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		assertThat(ApiClient.json(answer).get("state").asString()).isEqualTo("PRE_QUEUE");
		assertThat(answer.headers().firstValue("Preference-Applied")).hasValue("wait=5");
	}

	@Test
	@Timeout(60)
	void aWaitWhoseReadsAllFailIsA503ProblemWithRetryAfter() throws Exception {
		long eventId = preQueueRoom();
		String placeId = join(eventId, 52);

		valkey.kill();
		HttpResponse<String> answer;
		try {
			answer = longPoll(eventId, placeId, 52, 3);
		}
		finally {
			valkey.startAgain();
		}
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
		assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(answer.headers().firstValue("Retry-After")).isPresent();
	}

	/** A room taking places an hour before its sale opens: a place stays PRE_QUEUE, so a long-poll waits it out. */
	private long preQueueRoom() {
		HttpResponse<String> created = api().post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"opensAt":"%s",\
				"admission":{"mode":"fixed","perSecond":1}}}""".formatted(Instant.now().plusSeconds(3600),
				Instant.now().minusSeconds(60)), this.tokens.mint(1_000_000_001L, "admin@test.local", "ADMIN").token());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	private String join(long eventId, long userId) {
		HttpResponse<String> joined = api().post("/api/events/" + eventId + "/queue", "",
				ApiIntegrationTest.mint(userId));
		assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		return ApiClient.json(joined).get("placeId").asString();
	}

	private HttpResponse<String> longPoll(long eventId, String placeId, long userId, int seconds) {
		return api().send("GET", "/api/events/" + eventId + "/queue/" + placeId, null, "Authorization",
				"Bearer " + ApiIntegrationTest.mint(userId), "Prefer", "wait=" + seconds);
	}

}
