package io.minitickets.api.ratelimit;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.ratelimit.StructuredFields.Item;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17, item 3: booking and log-in answers carry {@code RateLimit-Policy} and {@code RateLimit} as
 * draft-ietf-httpapi-ratelimit-headers-11 defines them, read here as RFC 9651 Lists; a 429 is the draft's
 * {@code quota-exceeded} problem. The booking bucket holds 10 and refills 1 a second (q=10, w=10), the login bucket
 * 20 and 1 every 3 s (q=20, w=60). Each test has users and addresses of its own, so its buckets start full; a bucket
 * may refill a token while a slow machine runs a test, which the ranges below allow for.
 */
class RateLimitFieldsIntegrationTests extends ApiIntegrationTest {

	private static final String QUOTA_EXCEEDED = "https://iana.org/assignments/http-problem-types#quota-exceeded";

	private static final AtomicLong USERS = new AtomicLong(ThreadLocalRandom.current().nextLong(1, 1_000_000) * 1_000);

	@Test
	void anAcceptedBookingCarriesTheBookingPolicyAndWhatIsLeftOnBothPaths() {
		long eventId = createOpenEvent(100);
		long user = USERS.incrementAndGet();

		// the event is not in the event cache yet: the token and RESERVE are two calls; then it is, and they are one
		HttpResponse<String> twoCalls = book(eventId, user);
		HttpResponse<String> oneCall = book(eventId, user);

		assertThat(twoCalls.statusCode()).isEqualTo(202);
		assertThat(oneCall.statusCode()).isEqualTo(202);
		assertBookingPolicy(twoCalls);
		assertBookingPolicy(oneCall);
		assertLimit(twoCalls, 9, 1);
		assertThat(limit(oneCall).integer("r")).isBetween(8L, 9L);
		assertThat(limit(oneCall).integer("t")).isBetween(1L, 2L);
	}

	@Test
	void aKeyedBookingCarriesThemOnBothPathsAndSoDoesItsRepeat() {
		long eventId = createOpenEvent(100);
		long user = USERS.incrementAndGet();

		HttpResponse<String> twoCalls = book(eventId, user, "Idempotency-Key", "first");
		HttpResponse<String> oneCall = book(eventId, user, "Idempotency-Key", "second");
		HttpResponse<String> repeat = book(eventId, user, "Idempotency-Key", "first");

		assertThat(List.of(twoCalls.statusCode(), oneCall.statusCode(), repeat.statusCode())).containsOnly(202);
		for (HttpResponse<String> answer : List.of(twoCalls, oneCall, repeat)) {
			assertBookingPolicy(answer);
			assertThat(limit(answer).bytes("pk")).isEqualTo(policy(twoCalls).bytes("pk"));
		}
		assertLimit(twoCalls, 9, 1);
		assertThat(limit(repeat).integer("r")).as("a repeat takes a token too").isBetween(7L, 9L);
	}

	@Test
	void aSoldOutAnswerCarriesThem() {
		long eventId = createOpenEvent(1);
		assertThat(book(eventId, USERS.incrementAndGet()).statusCode()).isEqualTo(202);
		long user = USERS.incrementAndGet();

		HttpResponse<String> soldOut = book(eventId, user);
		HttpResponse<String> keyedSoldOut = book(eventId, user, "Idempotency-Key", "sold-out");

		assertThat(soldOut.statusCode()).isEqualTo(409);
		assertThat(keyedSoldOut.statusCode()).isEqualTo(409);
		assertBookingPolicy(soldOut);
		assertBookingPolicy(keyedSoldOut);
		assertLimit(soldOut, 9, 1);
		assertThat(limit(keyedSoldOut).integer("r")).isBetween(8L, 9L);
	}

	/**
	 * Drained on an unknown event (the token is taken before the event is looked up: two calls), then on a cached
	 * event (one call); each 429 is followed at once by a request the limiter denies from memory ({@code DenialCache},
	 * no Valkey call): all carry the same fields, with r=0 and t equal to Retry-After.
	 */
	@Test
	void aRateLimitedBookingIsTheDraftsQuotaExceededProblemWithTheFieldsOnEveryPath() {
		long cachedEvent = createOpenEvent(100);
		for (long eventId : new long[] { 999_999_999L, cachedEvent }) {
			long user = USERS.incrementAndGet();
			HttpResponse<String> limited = drain(() -> book(eventId, user));
			HttpResponse<String> remembered = book(eventId, user);

			assertThat(remembered.statusCode()).isEqualTo(429);
			for (HttpResponse<String> answer : List.of(limited, remembered)) {
				assertBookingPolicy(answer);
				assertLimit(answer, 0, Long.parseLong(answer.headers().firstValue("Retry-After").orElseThrow()));
				assertThat(limit(answer).integer("t")).isEqualTo(1);
				assertThat(limit(answer).bytes("pk")).isEqualTo(policy(limited).bytes("pk"));
				assertQuotaExceeded(answer, "booking");
				assertThat(ApiClient.json(answer).get("detail").asString())
					.isEqualTo("Too many booking requests of this user: at most 10 at once, then 1 every 1000 ms.");
			}
		}
	}

	@Test
	void thePartitionKeyIsAKeyedHashStablePerUserNeverTheUserId() {
		long eventId = createOpenEvent(100);
		long user = USERS.incrementAndGet();
		long other = USERS.incrementAndGet();

		byte[] pk = policy(book(eventId, user)).bytes("pk");
		HttpResponse<String> again = book(eventId, user);
		HttpResponse<String> another = book(eventId, other);

		assertThat(pk).hasSize(8);
		assertThat(policy(again).bytes("pk")).isEqualTo(pk).isEqualTo(limit(again).bytes("pk"));
		assertThat(policy(another).bytes("pk")).isNotEqualTo(pk);
		assertThat(pk).as("the bucket's keyed hash, keyed from the signing key when no secret of its own is set")
			.isEqualTo(hashed("book:user:", Long.toString(user)));
		assertThat(ByteBuffer.wrap(pk).getLong()).isNotEqualTo(user).isNotEqualTo(Long.reverseBytes(user));
		assertThat(List.of(again.headers().firstValue("RateLimit-Policy").orElseThrow(),
				again.headers().firstValue("RateLimit").orElseThrow()))
			.noneMatch((field) -> field.contains(Long.toString(user)));
	}

	/**
	 * One client address: a 401 (wrong password), a 200 and then, once the bucket is drained, 429s, all with the
	 * login policy; its pk is the keyed hash of the address (never the address), and another address gets another.
	 */
	@Test
	void logInAnswersCarryTheLoginPolicy() {
		String address = "10.77." + ThreadLocalRandom.current().nextInt(256) + "." + ThreadLocalRandom.current()
			.nextInt(256);

		HttpResponse<String> wrong = logIn(address, "wrong-password");
		HttpResponse<String> right = logIn(address, "admin-password");
		HttpResponse<String> elsewhere = logIn(address.replace("10.77.", "10.78."), "wrong-password");
		HttpResponse<String> limited = drain(() -> logIn(address, "wrong-password"));

		assertThat(wrong.statusCode()).isEqualTo(401);
		assertThat(right.statusCode()).isEqualTo(200);
		for (HttpResponse<String> answer : List.of(wrong, right, elsewhere, limited)) {
			Item policy = policy(answer);
			assertThat(policy.value()).isEqualTo("login");
			assertThat(policy.parameters()).containsOnlyKeys("q", "w", "pk");
			assertThat(policy.integer("q")).isEqualTo(20);
			assertThat(policy.integer("w")).isEqualTo(60);
			assertThat(limit(answer).value()).isEqualTo("login");
			assertThat(limit(answer).bytes("pk")).isEqualTo(policy.bytes("pk"));
		}
		assertLimit(wrong, 19, 3);
		assertThat(limit(right).integer("r")).isBetween(18L, 19L);
		assertThat(policy(right).bytes("pk")).isEqualTo(hashed("login:ip:", address))
			.isEqualTo(policy(wrong).bytes("pk"))
			.isEqualTo(policy(limited).bytes("pk"))
			.isNotEqualTo(policy(elsewhere).bytes("pk"));
		assertLimit(limited, 0, Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()));
		assertQuotaExceeded(limited, "login");
	}

	private HttpResponse<String> book(long eventId, long user, String... headers) {
		return this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", mint(user), headers);
	}

	private HttpResponse<String> logIn(String address, String password) {
		return this.api.post("/api/auth/login",
				"{\"email\":\"admin@test.local\",\"password\":\"" + password + "\"}", null, "X-Forwarded-For",
				address);
	}

	private static HttpResponse<String> drain(Supplier<HttpResponse<String>> request) {
		for (int i = 0; i < 60; i++) {
			HttpResponse<String> response = request.get();
			if (response.statusCode() == 429) {
				return response;
			}
		}
		throw new AssertionError("no 429 within 60 requests");
	}

	private static void assertBookingPolicy(HttpResponse<String> answer) {
		Item policy = policy(answer);
		assertThat(policy.value()).isEqualTo("booking");
		assertThat(policy.parameters()).containsOnlyKeys("q", "w", "pk");
		assertThat(policy.integer("q")).isEqualTo(10);
		assertThat(policy.integer("w")).isEqualTo(10);
		assertThat(policy.bytes("pk")).hasSize(8);
		assertThat(limit(answer).value()).isEqualTo("booking");
		assertThat(limit(answer).parameters()).containsOnlyKeys("r", "t", "pk");
		assertThat(limit(answer).bytes("pk")).isEqualTo(policy.bytes("pk"));
	}

	private static void assertLimit(HttpResponse<String> answer, long remaining, long seconds) {
		assertThat(limit(answer).integer("r")).as("r").isEqualTo(remaining);
		assertThat(limit(answer).integer("t")).as("t").isEqualTo(seconds);
	}

	private static void assertQuotaExceeded(HttpResponse<String> answer, String policy) {
		assertThat(answer.statusCode()).isEqualTo(429);
		JsonNode problem = ApiClient.json(answer);
		assertThat(problem.get("type").asString()).isEqualTo(QUOTA_EXCEEDED);
		assertThat(problem.get("title").asString()).isEqualTo("Quota Exceeded");
		assertThat(problem.get("status").asInt()).isEqualTo(429);
		assertThat(problem.get("violated-policies").size()).isEqualTo(1);
		assertThat(problem.get("violated-policies").get(0).asString()).isEqualTo(policy);
		assertThat(problem.get("retryAfterSeconds").asLong()).isEqualTo(limit(answer).integer("t"));
	}

	/** @return the partition key of a bucket under this context's secret: 8 bytes, least significant first */
	private static byte[] hashed(String prefix, String id) {
		long hash = new PartitionKeys(SECRET).of(prefix, id);
		return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(hash).array();
	}

	private static Item policy(HttpResponse<String> answer) {
		return only(answer, "RateLimit-Policy");
	}

	private static Item limit(HttpResponse<String> answer) {
		return only(answer, "RateLimit");
	}

	private static Item only(HttpResponse<String> answer, String field) {
		List<String> values = answer.headers().allValues(field);
		assertThat(values).as("%s of a %d", field, answer.statusCode()).hasSize(1);
		List<Item> items = StructuredFields.parseList(values.getFirst());
		assertThat(items).as(values.getFirst()).hasSize(1);
		return items.getFirst();
	}

}
