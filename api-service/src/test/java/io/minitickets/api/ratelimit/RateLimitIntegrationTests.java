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
	 * 25 logins from one IPv6 /64 through the trusted proxy, each from another address of it, spelled differently
	 * (with and without a port, zeros written out): one bucket admits 20, as for one IPv4 address. Keyed on the
	 * header's text, each would have had a bucket of its own and none would be limited.
	 */
	@Test
	void keysTheLoginBucketOnTheIpv6Slash64TheTrustedProxySaw() throws Exception {
		String prefix = "2001:db8:" + Integer.toHexString((int) (Math.random() * 0xffff)) + ":"
				+ Integer.toHexString((int) (Math.random() * 0xffff));
		long started = System.nanoTime();
		List<HttpResponse<String>> responses = concurrently(25,
				(i) -> login("6.6.6." + i, switch (i % 3) {
					case 0 -> prefix + "::" + Integer.toHexString(i + 1);
					case 1 -> "[" + prefix + ":0:0:" + Integer.toHexString(i) + ":1]:443";
					default -> prefix.toUpperCase().replace("DB8", "0db8") + ":0:0:0:" + Integer.toHexString(i);
				}));
		long burstSeconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();

		int passed = (int) responses.stream().filter((response) -> response.statusCode() == 401).count();
		assertThat(passed).isBetween(20, 20 + (int) (burstSeconds / 3));
		assertThat(responses).filteredOn((response) -> response.statusCode() == 429).hasSize(25 - passed);
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
