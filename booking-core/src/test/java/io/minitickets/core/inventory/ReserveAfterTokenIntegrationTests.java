package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.minitickets.core.idempotency.KeyClaim;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.testing.Concurrently;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The token take and RESERVE in one script call ({@link InventoryGate#reserveAfterToken}), against the real Valkey:
 * the bucket admits exactly as the limiter alone (DESIGN.md, invariant 5), RESERVE decides exactly as the gate alone
 * (invariant 4), and nothing is reserved without a token; with an Idempotency-Key claimed in the same call
 * ({@link InventoryGate#claimAndReserveAfterToken}), nothing is reserved unless the key was free.
 */
class ReserveAfterTokenIntegrationTests extends GateIntegrationTest {

	private static final BucketPolicy BOOKING = new BucketPolicy(10, Duration.ofSeconds(1));

	private static final AtomicLong USERS = new AtomicLong(1);

	private static RateLimiter limiter;

	@BeforeAll
	static void limiterOnTheGatesConnection() {
		limiter = new RateLimiter(connection, valkey.keys());
	}

	@Test
	void reservesOnlyWithATokenAndTakesATokenEvenWhenSoldOut() {
		long event = loadedEvent(1);
		long user = USERS.getAndIncrement();

		TokenAndReservation first = reserve(event, user, UUID.randomUUID(), 1);
		TokenAndReservation soldOut = reserve(event, user, UUID.randomUUID(), 1);

		assertThat(first.token().allowed()).isTrue();
		assertThat(first.token().tokensLeft()).isEqualTo(9);
		assertThat(first.token().fullInMs()).as("the RateLimit fields' numbers come back in the one call")
			.isEqualTo(1_000);
		assertThat(first.reservation()).isEqualTo(new Reservation(ReserveResult.RESERVED, 0));
		assertThat(soldOut.token().tokensLeft()).as("the limiter answers first, as when called alone").isEqualTo(8);
		assertThat(soldOut.reservation()).isEqualTo(new Reservation(ReserveResult.SOLD_OUT, 0));
	}

	@Test
	void anEmptyBucketReservesNothing() {
		long event = loadedEvent(100);
		long user = USERS.getAndIncrement();
		for (int i = 0; i < 10; i++) {
			assertThat(reserve(event, user, UUID.randomUUID(), 1).reservation()).isNotNull();
		}
		UUID denied = UUID.randomUUID();

		TokenAndReservation answer = reserve(event, user, denied, 1);

		assertThat(answer.token().allowed()).isFalse();
		assertThat(answer.token().retryAfterMs()).isBetween(1L, 1000L);
		assertThat(answer.reservation()).isNull();
		assertThat(gate.available(event)).hasValue(90);
		assertThat(gate.snapshot(event).leases()).hasSize(10).doesNotContainKey(denied);
	}

	@Test
	void oneBucketAdmitsTenOfElevenConcurrentCallsAndEachAdmittedCallReservesOnce() throws Exception {
		long event = loadedEvent(100);
		long user = USERS.getAndIncrement();

		List<TokenAndReservation> answers = Concurrently.run(11,
				(i) -> () -> reserve(event, user, UUID.randomUUID(), 1));

		assertThat(answers).filteredOn((answer) -> answer.token().allowed()).hasSize(10);
		assertThat(gate.available(event)).hasValue(90);
	}

	@Test
	void hands16SeatsTo16Of200ConcurrentUsersAndDecidesThePerUserLimitAsTheGateAlone() throws Exception {
		long event = loadedEvent(16);
		List<TokenAndReservation> answers = Concurrently.run(200,
				(i) -> () -> reserve(event, USERS.getAndIncrement(), UUID.randomUUID(), 1));
		long limited = loadedEvent(10);
		long user = USERS.getAndIncrement();
		Reservation withinLimit = gate.reserveAfterToken(limiter, "book:user", Long.toString(user), BOOKING, limited,
				UUID.randomUUID(), user, 2, 3).reservation();
		Reservation overLimit = gate.reserveAfterToken(limiter, "book:user", Long.toString(user), BOOKING, limited,
				UUID.randomUUID(), user, 2, 3).reservation();

		assertThat(answers).filteredOn((answer) -> answer.reservation().result() == ReserveResult.RESERVED)
			.hasSize(16);
		assertThat(gate.available(event)).hasValue(0);
		assertThat(withinLimit.result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(overLimit).isEqualTo(new Reservation(ReserveResult.USER_LIMIT, 8));
	}

	@Test
	void answersUnknownForAnEventWhoseCounterIsNotLoadedAfterTakingTheToken() {
		TokenAndReservation answer = reserve(newEvent(), USERS.getAndIncrement(), UUID.randomUUID(), 1);

		assertThat(answer.token().allowed()).isTrue();
		assertThat(answer.reservation().result()).isEqualTo(ReserveResult.UNKNOWN);
	}

	@Test
	void reportsAFailingReserveAsTheGatesFailureWithTheTokenTaken() {
		long event = loadedEvent(5);
		connection.sync().set(valkey.keys().event(event).available(), "abc");
		long user = USERS.getAndIncrement();

		TokenAndReservation answer = reserve(event, user, UUID.randomUUID(), 1);

		assertThat(answer.token().allowed()).isTrue();
		assertThat(answer.token().tokensLeft()).as("the token stays spent, as with two calls").isEqualTo(9);
		assertThat(answer.reservation()).isNull();
		assertThat(answer.gateFailure()).contains("compare");
		assertThat(reserve(event, user, UUID.randomUUID(), 1).token().tokensLeft()).isEqualTo(8);
	}

	@Test
	void reportsAWrongTypeGateKeyAsTheGatesFailure() {
		long event = loadedEvent(5);
		connection.sync().del(valkey.keys().event(event).leases());
		connection.sync().sadd(valkey.keys().event(event).leases(), "not a hash");

		TokenAndReservation answer = reserve(event, USERS.getAndIncrement(), UUID.randomUUID(), 1);

		assertThat(answer.token().allowed()).isTrue();
		assertThat(answer.reservation()).isNull();
		assertThat(answer.gateFailure()).contains("WRONGTYPE");
	}

	@Test
	void claimsAFreeKeyBeforeReservingAndStoresTheSoldOutAnswerInTheSameCall() {
		long event = loadedEvent(1);
		long user = USERS.getAndIncrement();
		KeyClaim first = claim(user, "first");
		KeyClaim second = claim(user, "second");

		TokenAndReservation reserved = claimAndReserve(event, user, first, 1, null);
		TokenAndReservation soldOut = claimAndReserve(event, user, second, 1, null);

		assertThat(reserved.keyBusy()).isFalse();
		assertThat(reserved.reservation()).isEqualTo(new Reservation(ReserveResult.RESERVED, 0));
		assertThat(connection.sync().get(first.entryKey())).as("the claim, for the caller to answer")
			.isEqualTo("claim:first");
		assertThat(soldOut.reservation()).isEqualTo(new Reservation(ReserveResult.SOLD_OUT, 0));
		assertThat(connection.sync().get(second.entryKey())).isEqualTo("sold-out:second");
		assertThat(connection.sync().pttl(second.entryKey())).isBetween(1L, 60_000L);
	}

	@Test
	void leavesAKeyThatHoldsSomethingAsItIsAndReservesNothing() {
		long event = loadedEvent(5);
		long user = USERS.getAndIncrement();
		KeyClaim repeated = claim(user, "repeated");
		connection.sync().set(repeated.entryKey(), "an earlier answer");

		TokenAndReservation answer = claimAndReserve(event, user, repeated, 1, null);

		assertThat(answer.token().tokensLeft()).as("the token is taken").isEqualTo(9);
		assertThat(answer.keyBusy()).isTrue();
		assertThat(answer.reservation()).isNull();
		assertThat(connection.sync().get(repeated.entryKey())).isEqualTo("an earlier answer");
		assertThat(gate.available(event)).hasValue(5);
	}

	@Test
	void freesTheKeyOnThePerUserLimitAndReportsAFailingReserveWithTheKeyClaimed() {
		long limited = loadedEvent(10);
		long user = USERS.getAndIncrement();
		KeyClaim overLimit = claim(user, "over-limit");
		assertThat(claimAndReserve(limited, user, claim(user, "within"), 2, 3).reservation().result())
			.isEqualTo(ReserveResult.RESERVED);
		long broken = loadedEvent(5);
		connection.sync().set(valkey.keys().event(broken).available(), "abc");
		KeyClaim failing = claim(user, "failing");

		TokenAndReservation limit = claimAndReserve(limited, user, overLimit, 2, 3);
		TokenAndReservation failed = claimAndReserve(broken, user, failing, 1, null);

		assertThat(limit.reservation()).isEqualTo(new Reservation(ReserveResult.USER_LIMIT, 8));
		assertThat(connection.sync().exists(overLimit.entryKey())).isZero();
		assertThat(failed.gateFailure()).contains("compare");
		assertThat(failed.keyBusy()).isFalse();
		assertThat(connection.sync().get(failing.entryKey())).isEqualTo("claim:failing");
	}

	@Test
	void isOnlyOfferedForALimiterOnTheGatesOwnConnection() {
		try (ValkeyConnection other = valkey.connect("other")) {
			InventoryGate ownConnection = new InventoryGate(other, valkey.keys(), GATE);

			assertThat(gate.reservesAfterTokensOf(limiter)).isTrue();
			assertThat(ownConnection.reservesAfterTokensOf(limiter)).isFalse();
		}
	}

	@Test
	void throwsUnavailableWhenValkeyIsUnreachable() {
		try (ValkeyConnection down = valkey.connect("shared",
				"redis://127.0.0.1:" + TestInfrastructure.closedPort())) {
			RateLimiter unreachableLimiter = new RateLimiter(down, valkey.keys());
			InventoryGate unreachableGate = new InventoryGate(down, valkey.keys(), GATE);

			assertThatExceptionOfType(ValkeyUnavailableException.class)
				.isThrownBy(() -> unreachableGate.reserveAfterToken(unreachableLimiter, "book:user", "1", BOOKING, 1,
						UUID.randomUUID(), 1, 1, null));
		}
	}

	private static KeyClaim claim(long user, String key) {
		return new KeyClaim(valkey.keys().idempotency(user, key), "claim:" + key, "sold-out:" + key,
				Duration.ofMinutes(1));
	}

	private static TokenAndReservation claimAndReserve(long event, long user, KeyClaim claim, int seats,
			Integer perUserLimit) {
		return gate.claimAndReserveAfterToken(limiter, "book:user", Long.toString(user), BOOKING, claim, event,
				UUID.randomUUID(), user, seats, perUserLimit);
	}

	private static TokenAndReservation reserve(long event, long user, UUID booking, int seats) {
		return gate.reserveAfterToken(limiter, "book:user", Long.toString(user), BOOKING, event, booking, user, seats,
				null);
	}

}
