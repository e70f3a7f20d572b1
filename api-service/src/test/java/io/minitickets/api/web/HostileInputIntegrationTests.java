package io.minitickets.api.web;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.security.AccessTokens;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Thousands of malformed and hostile requests, generated from a fixed seed: bad JSON, wrong types, huge and negative
 * quantities, unknown and garbled ids, long headers and bodies, garbled X-Forwarded-For, expired, forged and
 * unsigned tokens, other users' booking ids. None gets a 5xx other than a designed 503, every error is problem+json,
 * nothing is stored or published, and no other user's booking leaks.
 */
class HostileInputIntegrationTests extends ApiIntegrationTest {

	private static final long SEED = 20261129L;

	private static final int REQUESTS = 3000;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Autowired
	private ApiProperties apiProperties;

	@Test
	void hostileRequestsGetClearProblemsAndChangeNothing() throws Exception {
		long futureEvent = createEvent(5, Instant.now().plusSeconds(3600));
		UUID victimBooking = UUID.randomUUID();
		long victim = 999_999_001L;
		this.statusCache.put(new CachedBooking(victimBooking, futureEvent, victim, 1, BookingStatus.PENDING, null,
				null));
		long usersBefore = count("users");
		long eventsBefore = count("events");
		long bookingsBefore = count("bookings");
		Map<TopicPartition, Long> offsetsBefore = endOffsets();
		Random random = new Random(SEED);
		List<String> failures = new ArrayList<>();

		for (int i = 0; i < REQUESTS; i++) {
			HostileRequest request = HostileRequest.random(random, futureEvent, victimBooking, this);
			HttpResponse<String> response;
			try {
				response = this.api.send(request.method(), request.path(), request.body(), request.headers());
			}
			catch (IllegalStateException ex) {
				// a body over the limit may be refused by closing the connection after the 413 while the client is
				// still sending it (RFC 9110, 15.5.14); the client then sees a broken pipe, not the answer
				if (oversized(request) && ex.getCause() instanceof IOException) {
					continue;
				}
				throw ex;
			}
			String problem = check(request, response, victimBooking);
			if (problem != null && failures.size() < 20) {
				failures.add(problem);
			}
		}

		assertThat(failures).isEmpty();
		assertThat(count("users")).isEqualTo(usersBefore);
		assertThat(count("events")).isEqualTo(eventsBefore);
		assertThat(count("bookings")).isEqualTo(bookingsBefore);
		assertThat(endOffsets()).isEqualTo(offsetsBefore);
		assertThat(this.gate.available(futureEvent)).hasValue(5);
		assertThat(this.gate.snapshot(futureEvent).leases()).isEmpty();
	}

	private static String check(HostileRequest request, HttpResponse<String> response, UUID victimBooking) {
		int status = response.statusCode();
		String what = request.method() + " " + abbreviate(request.path()) + " " + abbreviate(String.join(" ",
				request.headers())) + " body=" + abbreviate(request.body()) + " -> " + status + " "
				+ abbreviate(response.body());
		if (status >= 500 && status != 503) {
			return "5xx: " + what;
		}
		if (status < 400) {
			return "accepted: " + what;
		}
		String contentType = response.headers().firstValue("Content-Type").orElse("");
		if (!contentType.startsWith("application/problem+json")) {
			return "not problem+json: " + what;
		}
		if (response.body().contains(victimBooking.toString()) && !request.path().contains(victimBooking.toString())) {
			return "leaked the victim's booking: " + what;
		}
		if (response.body().contains("Exception") || response.body().contains("\tat ")) {
			return "stack trace: " + what;
		}
		return null;
	}

	private long count(String table) {
		return this.jdbc.sql("select count(*) from " + table).query(Long.class).single();
	}

	private Map<TopicPartition, Long> endOffsets() throws Exception {
		try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafkaBootstrapServers()))) {
			TopicPartition partition = new TopicPartition("bookings.requested", 0);
			long offset = admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition).get()
				.offset();
			return Map.of(partition, offset);
		}
	}

	private static String abbreviate(String text) {
		if (text == null) {
			return "null";
		}
		return (text.length() > 160) ? text.substring(0, 160) + "…(" + text.length() + ")" : text;
	}

	/**
	 * One generated request.
	 */
	private boolean oversized(HostileRequest request) {
		return request.body() != null
				&& request.body().getBytes(StandardCharsets.UTF_8).length > this.apiProperties.maxRequestBytes().toBytes();
	}

	record HostileRequest(String method, String path, String body, String[] headers) {

		private static final String[] BODIES = { "{\"quantity\":0}", "{\"quantity\":-1}", "{\"quantity\":-2147483648}",
				"{\"quantity\":2147483648}", "{\"quantity\":1e309}", "{\"quantity\":\"1; drop table bookings\"}",
				"{\"quantity\":null}", "{\"quantity\":[1]}", "{\"quantity\":{\"n\":1}}", "{\"quantity\":true}",
				"{\"quantity\":1.0000001}", "{\"quantity\":1}", "{\"quantity\":10}", "{\"quantity\":11}",
				"{\"quantity\":99999999999999999999999}", "{", "}", "[]", "null", "\"text\"", "", "{\"quantity\":1,}",
				"{\"quantity\":1}{\"quantity\":2}", "{\"quantity\":NaN}", "\u0000\u0001\u0002", "{\"q\u00e9\":1}",
				"{\"email\":\"a@b.c\",\"password\":\"x\"}", "{\"email\":null,\"password\":null}",
				"{\"name\":\"x\",\"capacity\":-5,\"saleOpensAt\":\"yesterday\"}" };

		private static final String[] IDS = { "0", "-1", "99999999999999999999", "abc", "1.5", "%00", "1%20OR%201=1",
				"..%2F..%2Fetc%2Fpasswd", "%F0%9F%8E%AB", "" };

		static HostileRequest random(Random random, long futureEvent, UUID victimBooking,
				HostileInputIntegrationTests test) {
			List<String> headers = new ArrayList<>();
			String token = token(random, test);
			if (token != null) {
				headers.add("Authorization");
				headers.add(token);
			}
			if (random.nextInt(4) == 0) {
				headers.add("X-Forwarded-For");
				headers.add(garbage(random, random.nextInt(3) == 0 ? 6000 : 40));
			}
			if (random.nextInt(4) == 0) {
				headers.add("Idempotency-Key");
				headers.add(random.nextBoolean() ? "k".repeat(256 + random.nextInt(4000)) : "k" + random.nextInt(3));
			}
			if (random.nextInt(50) == 0) {
				headers.add("X-Padding");
				headers.add("p".repeat(20_000 + random.nextInt(20_000)));
			}
			String body = BODIES[random.nextInt(BODIES.length)];
			if (random.nextInt(20) == 0) {
				body = "{\"quantity\":\"" + "9".repeat(20_000 + random.nextInt(20_000)) + "\"}";
			}
			String eventId = switch (random.nextInt(3)) {
				case 0 -> Long.toString(futureEvent);
				case 1 -> Long.toString(1_000_000L + random.nextInt(1_000_000));
				default -> IDS[random.nextInt(IDS.length)];
			};
			return switch (random.nextInt(7)) {
				case 0 -> new HostileRequest("GET", "/api/bookings/" + victimBooking, null, toArray(headers));
				case 1 -> new HostileRequest("GET", "/api/bookings/" + IDS[random.nextInt(IDS.length)], null,
						toArray(headers));
				case 2 -> new HostileRequest("POST", "/api/auth/login", body, toArray(headers));
				case 3 -> new HostileRequest("POST", "/api/admin/" + (random.nextBoolean() ? "events" : "users"), body,
						toArray(headers));
				case 4 -> new HostileRequest("DELETE", "/api/events/" + eventId + "/bookings", body, toArray(headers));
				default -> new HostileRequest("POST", "/api/events/" + eventId + "/bookings", body, toArray(headers));
			};
		}

		private static String token(Random random, HostileInputIntegrationTests test) {
			long user = 500_000_000L + random.nextInt(1000);
			return switch (random.nextInt(8)) {
				case 0 -> null;
				case 1 -> "Bearer " + new AccessTokens("forged-secret-forged-secret-forged-!!", Duration.ofHours(1),
						"minitickets").mint(user, "x@test.local", "ADMIN").token();
				case 2 -> "Bearer " + new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets",
						java.time.Clock.offset(java.time.Clock.systemUTC(), Duration.ofHours(-3)))
					.mint(user, "x@test.local", "ADMIN").token();
				case 3 -> "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFETUlOIn0.";
				case 4 -> "Bearer " + garbage(random, 300);
				case 5 -> "Basic YWRtaW46YWRtaW4=";
				default -> "Bearer " + test.tokens.mint(user, "x@test.local", "USER").token();
			};
		}

		private static String garbage(Random random, int length) {
			StringBuilder text = new StringBuilder();
			String alphabet = "0123456789.:,;abcdefXYZ%$#@!-_ ";
			for (int i = 0; i < length; i++) {
				text.append(alphabet.charAt(random.nextInt(alphabet.length())));
			}
			return text.toString().strip();
		}

		private static String[] toArray(List<String> headers) {
			return headers.toArray(String[]::new);
		}

	}

}
