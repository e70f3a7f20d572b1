package io.minitickets.api.ratelimit;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.IntFunction;

import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.testing.Concurrently;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitIntegrationTests extends ApiIntegrationTest {

	/**
	 * Eleven requests in one instant on a new bucket: exactly ten pass. On a busy machine the "instant" can stretch;
	 * a burst that took {@code b} seconds may see {@code floor(b)} more tokens (1 token/s), never more.
	 */
	@Test
	void admitsExactlyTenOfElevenBookingsSentInTheSameInstant() throws Exception {
		long eventId = createOpenEvent(100);
		String token = newUserToken();
		long started = System.nanoTime();
		List<Integer> statuses = concurrently(11,
				(i) -> this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token))
			.stream()
			.map(HttpResponse::statusCode)
			.toList();
		long refilled = Duration.ofNanos(System.nanoTime() - started).toSeconds();

		assertThat(statuses).as(statuses.toString()).allMatch((status) -> status == 202 || status == 429);
		assertThat(statuses).as(statuses.toString())
			.filteredOn((status) -> status == 202)
			.size()
			.isBetween(10, 10 + (int) Math.min(refilled, 1));
	}

	@Test
	void tellsARateLimitedBookerToRetryAfterOneSecond() {
		String token = newUserToken();
		// Unknown event: the token is taken before the event is looked up, so these drain the bucket fast.
		HttpResponse<String> limited = null;
		for (int i = 0; i < 30 && limited == null; i++) {
			HttpResponse<String> response = this.api.post("/api/events/999999999/bookings", "{\"quantity\":1}",
					token);
			limited = (response.statusCode() == 429) ? response : null;
		}

		assertThat(limited).as("a 429 within 30 requests").isNotNull();
		assertThat(limited.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(limited.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
	}

	/**
	 * 25 logins in one instant from one address: 20 pass to the password check, 5 are told to retry after 3 s (the
	 * time until the next token, rounded up). A burst that took {@code b} seconds on a busy machine brings the next
	 * token {@code floor(b)} s closer, and after 3 s adds one.
	 */
	@Test
	void tellsLoginsPastTwentyFromOneAddressToRetryAfterThreeSeconds() throws Exception {
		String proxySeen = "10.9." + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250);
		long started = System.nanoTime();
		List<HttpResponse<String>> responses = concurrently(25, (i) -> login("1.2.3." + i, proxySeen));
		long burstSeconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();

		int passed = (int) responses.stream().filter((response) -> response.statusCode() == 401).count();
		assertThat(passed).isBetween(20, 20 + (int) (burstSeconds / 3));
		assertThat(responses).filteredOn((response) -> response.statusCode() == 429)
			.hasSize(25 - passed)
			.extracting((limited) -> Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()))
			.allSatisfy((retryAfter) -> assertThat(retryAfter).isBetween(Math.max(1, 3 - burstSeconds), 3L));
	}

	/**
	 * 30 logins that each write another address before the one the trusted proxy saw: one bucket (the proxy's view)
	 * admits 20, so 10 are limited (fewer by one per 3 s the burst took); keyed on what clients wrote, none would be.
	 */
	@Test
	void keysTheLoginBucketOnTheAddressTheTrustedProxySawNotOnWhatTheClientWrote() throws Exception {
		String proxySeen = "10.8." + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250);
		long started = System.nanoTime();
		List<HttpResponse<String>> responses = concurrently(30,
				(i) -> login(UUID.randomUUID().toString().substring(0, 8) + ", 6.6.6." + i, proxySeen));
		long burstSeconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();

		assertThat(responses).filteredOn((response) -> response.statusCode() == 429)
			.size()
			.isBetween((int) Math.max(1, 10 - burstSeconds / 3), 10);
	}

	/**
	 * One IPv6 /64 through the trusted proxy, spelled differently each time (another address of the /64, zeros written
	 * out, a port): logins from one spelling until the bucket is empty, then three from the others are limited too, by
	 * the /64's bucket. Keyed on the header's text, each spelling would have had a full bucket of its own. Sequential,
	 * so no login waits behind another's password check; the bucket refills one token per 3 s, so at most one of the
	 * three can pass.
	 */
	@Test
	void keysTheLoginBucketOnTheIpv6Slash64TheTrustedProxySaw() {
		String prefix = "2001:db8:" + Integer.toHexString((int) (Math.random() * 0xffff)) + ":"
				+ Integer.toHexString((int) (Math.random() * 0xffff));
		HttpResponse<String> limited = null;
		for (int i = 0; i < 60 && limited == null; i++) {
			HttpResponse<String> response = login("6.6.6.6", prefix + "::1");
			limited = (response.statusCode() == 429) ? response : null;
		}
		assertThat(limited).as("a 429 within 60 logins").isNotNull();

		List<HttpResponse<String>> others = List.of(login("6.6.6.7", "[" + prefix + ":0:0:0:2]:443"),
				login("6.6.6.8", prefix.toUpperCase().replace("DB8", "0db8") + ":ffff:0:0:3"),
				login("6.6.6.9", prefix + ":1:2:3:4"));

		assertThat(others).filteredOn((response) -> response.statusCode() == 429)
			.hasSizeGreaterThanOrEqualTo(2)
			.allSatisfy((response) -> assertThat(response.body()).contains(prefix + "::/64"));
	}

	private static List<HttpResponse<String>> concurrently(int count, IntFunction<HttpResponse<String>> request)
			throws Exception {
		return Concurrently.run(count, (i) -> () -> request.apply(i));
	}

	private HttpResponse<String> login(String clientWrote, String proxySaw) {
		return this.api.post("/api/auth/login", "{\"email\":\"nobody@test.local\",\"password\":\"wrong-password\"}",
				null, "X-Forwarded-For", clientWrote + ", " + proxySaw);
	}

}
