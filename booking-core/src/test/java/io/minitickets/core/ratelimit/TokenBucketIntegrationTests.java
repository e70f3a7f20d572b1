package io.minitickets.core.ratelimit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.core.testing.Concurrently;
import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DESIGN.md invariant 5: the token bucket never over-admits, against the real Valkey.
 */
class TokenBucketIntegrationTests {

	private static final BucketPolicy BOOKING = new BucketPolicy(10, Duration.ofSeconds(1));

	private static final BucketPolicy LOGIN = new BucketPolicy(20, Duration.ofSeconds(3));

	private static TestValkey valkey;

	private static ValkeyConnection connection;

	private static RateLimiter limiter;

	@BeforeAll
	static void connect() {
		valkey = new TestValkey();
		connection = valkey.connect("limiter");
		limiter = new RateLimiter(connection, valkey.keys());
	}

	@AfterAll
	static void close() {
		connection.close();
		valkey.close();
	}

	@Test
	void admitsExactlyTenOfElevenRequestsInTheSameInstant() throws Exception {
		List<RateLimitDecision> decisions = Concurrently.run(11,
				(i) -> () -> limiter.tryAcquire("book:user", "instant", BOOKING));

		assertThat(decisions).filteredOn(RateLimitDecision::allowed).hasSize(10);
	}

	@Test
	void tellsADeniedBookerToRetryAfterOneSecondAndADeniedLoginAfterThree() {
		RateLimitDecision booking = drain("book:user", "retry", BOOKING);
		RateLimitDecision login = drain("login:ip", "192.0.2.1", LOGIN);

		assertThat(booking.allowed()).isFalse();
		assertThat(booking.retryAfterMs()).isBetween(1L, 1000L);
		assertThat(booking.retryAfterSeconds()).isEqualTo(1);
		assertThat(login.allowed()).isFalse();
		assertThat(login.retryAfterSeconds()).isEqualTo(3);
	}

	/**
	 * What the RateLimit fields need comes back with the decision, in the same call: a new bucket starts full at the
	 * take's instant, so after one take it is one refill interval from full; after a second take, two intervals less
	 * what refilled in between, on Valkey's clock (whole ms).
	 */
	@Test
	void tellsHowManyTokensAreLeftAndWhenTheBucketIsFullAgain() {
		long started = System.nanoTime();
		RateLimitDecision first = limiter.tryAcquire("book:user", "full-again", BOOKING);
		RateLimitDecision second = limiter.tryAcquire("book:user", "full-again", BOOKING);
		long elapsedMs = Duration.ofNanos(System.nanoTime() - started).toMillis() + 1;

		assertThat(first.tokensLeft()).isEqualTo(9);
		assertThat(first.fullInMs()).isEqualTo(1_000);
		assertThat(first.retryAfterMs()).isZero();
		assertThat(second.tokensLeft()).isBetween(8L, 9L);
		assertThat(second.fullInMs()).isBetween(2_000 - elapsedMs, 2_000L);
	}

	@Test
	void aDenialChangesNothing() {
		drain("book:user", "denial", BOOKING);
		String key = valkey.keys().bucket("book:user", "denial");
		Map<String, String> before = connection.sync().hgetall(key);

		RateLimitDecision denied = limiter.tryAcquire("book:user", "denial", BOOKING);

		assertThat(denied.allowed()).isFalse();
		assertThat(connection.sync().hgetall(key)).isEqualTo(before);
	}

	@Test
	void deniesAnEmptyBucketAgainWithoutAskingValkeyUntilItsRetryTime() throws InterruptedException {
		RateLimitDecision denied = drain("book:user", "remembered", BOOKING);
		// a full bucket in Valkey from now on: only a denial remembered in this JVM can still refuse
		connection.sync().del(valkey.keys().bucket("book:user", "remembered"));

		RateLimitDecision again = limiter.tryAcquire("book:user", "remembered", BOOKING);
		Thread.sleep(denied.retryAfterMs() + 1);
		RateLimitDecision later = limiter.tryAcquire("book:user", "remembered", BOOKING);

		assertThat(again.allowed()).isFalse();
		assertThat(again.retryAfterMs()).isBetween(1L, denied.retryAfterMs());
		assertThat(later.allowed()).isTrue();
		assertThat(later.tokensLeft()).isEqualTo(BOOKING.capacity() - 1);
	}

	@Test
	void anIdleBucketExpiresOnceItWouldBeFullAgain() {
		limiter.tryAcquire("book:user", "idle", BOOKING);

		Long ttl = connection.sync().pttl(valkey.keys().bucket("book:user", "idle"));

		assertThat(ttl).isPositive().isLessThanOrEqualTo(1000L + TokenBucketScript.IDLE_MARGIN_MS);
	}

	@Test
	void neverAdmitsMoreThanCapacityPlusRateTimesTimeAcrossInstances() throws Exception {
		BucketPolicy fast = new BucketPolicy(5, Duration.ofMillis(100));
		ValkeyConnection second = valkey.connect("second-instance");
		RateLimiter otherInstance = new RateLimiter(second, valkey.keys());
		AtomicInteger allowed = new AtomicInteger();
		long startNanos = System.nanoTime();
		long windowNanos = Duration.ofMillis(1500).toNanos();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int t = 0; t < 8; t++) {
				RateLimiter instance = (t % 2 == 0) ? limiter : otherInstance;
				threads.submit(() -> {
					while (System.nanoTime() - startNanos < windowNanos) {
						if (instance.tryAcquire("book:user", "window", fast).allowed()) {
							allowed.incrementAndGet();
						}
					}
					return null;
				});
			}
		}
		double elapsedSeconds = (System.nanoTime() - startNanos) / 1e9;
		second.close();
		// capacity + rate × t, with t measured around the whole window (so it can only be larger than the server's)
		assertThat(allowed.get()).isLessThanOrEqualTo(5 + (int) Math.ceil(elapsedSeconds * 10));
		assertThat(allowed.get()).isGreaterThanOrEqualTo(5 + 10);
	}

	@Test
	void aStoredTimestampAheadOfTheServerClockNeverMovesBackwards() {
		String key = valkey.keys().bucket("book:user", "clock-behind");
		// a bucket last written by a server whose clock ran 60 s ahead (a failover to a node with a slower clock)
		long ahead = serverTimeMs() + 60_000;
		connection.sync().hset(key, Map.of("credit_ms", "1000", "ts", Long.toString(ahead)));

		RateLimitDecision taken = limiter.tryAcquire("book:user", "clock-behind", BOOKING);

		assertThat(taken.allowed()).isTrue();
		// moving ts back to the server's time would bank the next 60 s of refill a second time
		assertThat(Long.parseLong(connection.sync().hget(key, "ts"))).isEqualTo(ahead);
		assertThat(connection.sync().pttl(key)).isGreaterThan(60_000L);
	}

	@Test
	void replacesABucketOfAnotherTypeByAFullOneAndCountsIt() {
		String key = valkey.keys().bucket("book:user", "wrong-type");
		connection.sync().set(key, "not a hash");
		long before = limiter.corruptBucketsReplaced();

		RateLimitDecision taken = limiter.tryAcquire("book:user", "wrong-type", BOOKING);

		assertThat(taken.allowed()).isTrue();
		assertThat(taken.tokensLeft()).isEqualTo(BOOKING.capacity() - 1);
		assertThat(connection.sync().type(key)).isEqualTo("hash");
		assertThat(limiter.corruptBucketsReplaced()).isEqualTo(before + 1);
	}

	@Test
	void replacesABucketWhoseFieldsDoNotParseByAFullOne() {
		String key = valkey.keys().bucket("book:user", "unparseable");
		// Lua's tonumber reads "nan" as a number, and the bucket's expiry then cannot be set: a script error each call
		connection.sync().hset(key, Map.of("credit_ms", "nan", "ts", "1"));
		long before = limiter.corruptBucketsReplaced();

		RateLimitDecision taken = limiter.tryAcquire("book:user", "unparseable", BOOKING);
		RateLimitDecision again = limiter.tryAcquire("book:user", "unparseable", BOOKING);

		assertThat(taken.allowed()).isTrue();
		assertThat(again.tokensLeft()).isEqualTo(BOOKING.capacity() - 2);
		assertThat(connection.sync().hget(key, "credit_ms")).matches("\\d+");
		assertThat(limiter.corruptBucketsReplaced()).isEqualTo(before + 1);
	}

	@Test
	void replacesACorruptBucketInTheOneCallPathToo() {
		String key = valkey.keys().bucket("book:user", "wrong-type-guarded");
		connection.sync().lpush(key, "not a hash");
		TokenGuardedScript guarded = new TokenGuardedScript(TokenBucketScript.SCRIPT);
		String otherBucket = valkey.keys().bucket("book:user", "wrong-type-guarded-other");
		long before = limiter.corruptBucketsReplaced();

		GuardedReply reply = limiter.tryAcquireThen("book:user", "wrong-type-guarded", BOOKING, guarded,
				new String[] { otherBucket }, TokenBucketScript.args(BOOKING));

		assertThat(reply.decision().allowed()).isTrue();
		assertThat(reply.reply()).containsExactly(1L, (long) BOOKING.capacity() - 1, 0L,
				BOOKING.refillInterval().toMillis());
		assertThat(limiter.corruptBucketsReplaced()).isEqualTo(before + 1);
	}

	@Test
	void aGuardedScriptsErrorOnASoundBucketIsItsOwnFailureAndRepairsNothing() {
		String key = valkey.keys().bucket("book:user", "sound");
		limiter.tryAcquire("book:user", "sound", BOOKING);
		TokenGuardedScript guarded = new TokenGuardedScript(TokenBucketScript.SCRIPT);
		// the guarded part fails (its bucket is a string), not the limiter's bucket: nothing to repair
		String brokenGuardedKey = valkey.keys().bucket("book:user", "sound-guarded");
		connection.sync().set(brokenGuardedKey, "x");
		long before = limiter.corruptBucketsReplaced();

		GuardedReply reply = limiter.tryAcquireThen("book:user", "sound", BOOKING, guarded,
				new String[] { brokenGuardedKey }, TokenBucketScript.args(BOOKING));

		assertThat(reply.decision().allowed()).isTrue();
		assertThat(reply.failure()).contains("WRONGTYPE");
		assertThat(connection.sync().get(brokenGuardedKey)).isEqualTo("x");
		assertThat(connection.sync().type(key)).isEqualTo("hash");
		assertThat(limiter.corruptBucketsReplaced()).isEqualTo(before);
	}

	private static long serverTimeMs() {
		List<String> time = connection.sync().time();
		return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
	}

	private static RateLimitDecision drain(String scope, String id, BucketPolicy policy) {
		RateLimitDecision decision;
		do {
			decision = limiter.tryAcquire(scope, id, policy);
		}
		while (decision.allowed());
		return decision;
	}

}
