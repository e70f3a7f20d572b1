package io.minitickets.api.ratelimit;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitIntegrationTests extends ApiIntegrationTest {

	@Test
	void admitsExactlyTenOfElevenBookingsSentInTheSameInstant() throws Exception {
		long eventId = createOpenEvent(100);
		String token = newUserToken();
		List<Integer> statuses = concurrently(11,
				(i) -> this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token))
			.stream()
			.map(HttpResponse::statusCode)
			.toList();
		assertThat(statuses).as(statuses.toString()).filteredOn((status) -> status == 202).hasSize(10);
		assertThat(statuses).as(statuses.toString()).filteredOn((status) -> status == 429).hasSize(1);
	}

	@Test
	void tellsARateLimitedBookerToRetryAfterOneSecond() {
		long eventId = createOpenEvent(100);
		String token = newUserToken();
		for (int i = 0; i < 10; i++) {
			this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", token);
		}

		HttpResponse<String> limited = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);

		assertThat(limited.statusCode()).isEqualTo(429);
		assertThat(limited.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(limited.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
	}

	@Test
	void tellsLoginsPastTwentyFromOneAddressToRetryAfterThreeSeconds() throws Exception {
		String proxySeen = "10.9." + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250);
		List<HttpResponse<String>> responses = concurrently(25, (i) -> login("1.2.3." + i, proxySeen));

		assertThat(responses).filteredOn((response) -> response.statusCode() == 401).hasSize(20);
		assertThat(responses).filteredOn((response) -> response.statusCode() == 429)
			.hasSize(5)
			.allSatisfy((limited) -> assertThat(limited.headers().firstValue("Retry-After")).hasValue("3"));
	}

	@Test
	void keysTheLoginBucketOnTheAddressTheTrustedProxySawNotOnWhatTheClientWrote() throws Exception {
		String proxySeen = "10.8." + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250);
		List<HttpResponse<String>> responses = concurrently(21,
				(i) -> login(UUID.randomUUID().toString().substring(0, 8) + ", 6.6.6." + i, proxySeen));

		assertThat(responses).filteredOn((response) -> response.statusCode() == 429).hasSize(1);
	}

	private static List<HttpResponse<String>> concurrently(int count, IntFunction<HttpResponse<String>> request)
			throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<HttpResponse<String>>> futures = new ArrayList<>();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int i = 0; i < count; i++) {
				int index = i;
				futures.add(threads.submit(() -> {
					start.await();
					return request.apply(index);
				}));
			}
			start.countDown();
		}
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (Future<HttpResponse<String>> future : futures) {
			responses.add(future.get());
		}
		return responses;
	}

	private HttpResponse<String> login(String clientWrote, String proxySaw) {
		return this.api.post("/api/auth/login", "{\"email\":\"nobody@test.local\",\"password\":\"wrong-password\"}",
				null, "X-Forwarded-For", clientWrote + ", " + proxySaw);
	}

}
