package io.minitickets.loadtests.bench;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.http.HttpRequests;
import io.minitickets.loadtests.client.LoadUser;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench's booking requests: one user after another, the events' seats never exceeded (the accepting figures must
 * not sell out), and, keyed, a fresh Idempotency-Key on every request however often the generator starts its count
 * again.
 */
class BookingsTests {

	private static final URI API = URI.create("http://127.0.0.1:8080");

	private static final List<LoadUser> USERS = List.of(new LoadUser(1, "t1"), new LoadUser(2, "t2"),
			new LoadUser(3, "t3"));

	@Test
	void sendsWhatAClientWithoutAKeySends() {
		Bookings bookings = new Bookings(API, 7, USERS);

		assertThat(text(bookings.request(0)))
			.isEqualTo(text(HttpRequests.post(API, "/api/events/7/bookings", "t1", "{\"quantity\":1}")));
		assertThat(text(bookings.request(1)))
			.isEqualTo(text(HttpRequests.post(API, "/api/events/7/bookings", "t2", "{\"quantity\":1}")));
	}

	@Test
	void movesToTheNextEventOnceAnEventHadItsSeatsAndStaysOnTheLast() {
		Bookings bookings = new Bookings(API, List.of(10L, 11L), 2, USERS, false);

		List<String> paths = LongStream.range(0, 6).mapToObj((i) -> path(text(bookings.request(i)))).toList();

		assertThat(paths).containsExactly("/api/events/10/bookings", "/api/events/10/bookings",
				"/api/events/11/bookings", "/api/events/11/bookings", "/api/events/11/bookings",
				"/api/events/11/bookings");
	}

	@Test
	void keyedRequestsEachCarryAFreshIdempotencyKeyAcrossRuns() {
		Bookings bookings = new Bookings(API, List.of(7L), Long.MAX_VALUE, USERS, true);

		// two runs of the generator: both number their requests from 0
		List<String> requests = LongStream.range(0, 100)
			.mapToObj((i) -> text(bookings.request(i % 50)))
			.toList();

		Set<String> keys = requests.stream().map(BookingsTests::idempotencyKey).collect(Collectors.toSet());
		assertThat(keys).hasSize(100).allMatch((key) -> key.matches("bench-[0-9a-f]{8}-[0-9]+"));
		assertThat(requests.getFirst()).startsWith("POST /api/events/7/bookings HTTP/1.1\r\n")
			.contains("Authorization: Bearer t1\r\n")
			.endsWith("Content-Length: 14\r\n\r\n{\"quantity\":1}");
	}

	private static String text(byte[] request) {
		return new String(request, StandardCharsets.US_ASCII);
	}

	private static String path(String request) {
		return request.substring("POST ".length(), request.indexOf(" HTTP/1.1"));
	}

	private static String idempotencyKey(String request) {
		Matcher key = Pattern.compile("\r\nIdempotency-Key: ([^\r]+)\r\n").matcher(request);
		assertThat(key.find()).as(request).isTrue();
		return key.group(1);
	}

}
