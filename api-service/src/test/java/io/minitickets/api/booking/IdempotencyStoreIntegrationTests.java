package io.minitickets.api.booking;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.minitickets.api.booking.IdempotencyStore.Claim;
import io.minitickets.api.booking.IdempotencyStore.Earlier;
import io.minitickets.api.booking.IdempotencyStore.Held;
import io.minitickets.core.testing.Concurrently;
import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Idempotency-Key store against the real Valkey (issue 7 items 1 and 8): only the request holding a claim changes
 * the entry; corrupt entries are replaced once; a claim whose request died is resumed by the same request only.
 */
class IdempotencyStoreIntegrationTests {

	private static final long EVENT = 7;

	private static TestValkey testValkey;

	private static ValkeyConnection connection;

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final ValkeyKeys keys = testValkey.keys();

	private final IdempotencyStore store = store(Duration.ofSeconds(30));

	@BeforeAll
	static void connect() {
		testValkey = new TestValkey();
		connection = testValkey.connect("idempotency");
	}

	@AfterAll
	static void close() {
		connection.close();
		testValkey.close();
	}

	@Test
	void rememberDoesNotOverwriteAnEntryAnotherRequestNowHolds() {
		Held first = held(this.store.claim(1, "k", id(1, "k", 1), EVENT, 1));
		expire(1, "k");
		Held second = held(this.store.claim(1, "k", id(1, "k", 2), EVENT, 2));

		this.store.remember(first, 202);

		assertThat(entry(1, "k")).isEqualTo(second.value().format());
		assertThat(this.meters.counter("minitickets.idempotency.claim-lost", "step", "remember").count()).isOne();
	}

	@Test
	void releaseDoesNotDeleteAnEntryAnotherRequestNowHolds() {
		Held first = held(this.store.claim(2, "k", id(2, "k", 1), EVENT, 1));
		expire(2, "k");
		Held second = held(this.store.claim(2, "k", id(2, "k", 2), EVENT, 2));

		this.store.release(first);

		assertThat(entry(2, "k")).isEqualTo(second.value().format());
		this.store.release(second);
		assertThat(entry(2, "k")).isNull();
	}

	@Test
	void aCorruptEntryIsReplacedByOneOfManyRacingClaims() throws Exception {
		connection.sync().rpush(this.keys.idempotency(3, "k"), "a list");

		List<Claim> claims = Concurrently.run(8, (i) -> () -> this.store.claim(3, "k", id(3, "k", 1), EVENT, 1));

		assertThat(claims).filteredOn(Held.class::isInstance).hasSize(1);
		assertThat(claims).filteredOn(Earlier.class::isInstance)
			.allSatisfy((claim) -> assertThat(((Earlier) claim).answer().inFlight(System.currentTimeMillis())).isTrue());
		assertThat(this.meters.counter("minitickets.idempotency.corrupt", "kind", "wrong-type").count()).isOne();
	}

	@Test
	void aClaimWhoseRequestDiedIsResumedByTheSameRequestOnly() {
		IdempotencyStore quick = store(Duration.ofMillis(50));
		Held dead = held(quick.claim(4, "k", id(4, "k", 1), EVENT, 1));
		await().atMost(Duration.ofSeconds(10)).until(() -> System.currentTimeMillis() > dead.value().claimedUntilMs());

		Claim other = quick.claim(4, "k", id(4, "k", 2), EVENT, 2);
		Claim same = quick.claim(4, "k", id(4, "k", 1), EVENT, 1);

		assertThat(other).isInstanceOf(Earlier.class);
		assertThat(((Earlier) other).answer().bookingId()).isEqualTo(dead.value().bookingId());
		assertThat(held(same).resumed()).isTrue();
		assertThat(held(same).value().bookingId()).isEqualTo(dead.value().bookingId());
		quick.remember(dead, 202);
		assertThat(entry(4, "k")).as("the late request leaves the retry's claim alone")
			.isEqualTo(held(same).value().format());
	}

	@Test
	void anUnconfirmedEntryIsResumedAndThenRemembered() {
		Held first = held(this.store.claim(5, "k", id(5, "k", 1), EVENT, 1));
		this.store.markUnconfirmed(first);

		Held retry = held(this.store.claim(5, "k", id(5, "k", 1), EVENT, 1));
		this.store.remember(retry, 202);

		assertThat(retry.resumed()).isTrue();
		assertThat(StoredAnswer.parse(entry(5, "k")).status()).isEqualTo(202);
		assertThat(this.store.claim(5, "k", id(5, "k", 1), EVENT, 1)).isInstanceOf(Earlier.class);
	}

	private IdempotencyStore store(Duration claimTtl) {
		return new IdempotencyStore(connection, this.keys,
				new BookingProperties(Duration.ofSeconds(6), Duration.ofSeconds(2), Duration.ofHours(24), claimTtl,
						Duration.ofSeconds(1)),
				this.meters);
	}

	/** What happened to the first request's claim before issue 7: its 30 s TTL passed. */
	private void expire(long userId, String key) {
		connection.sync().del(this.keys.idempotency(userId, key));
	}

	private String entry(long userId, String key) {
		return connection.sync().get(this.keys.idempotency(userId, key));
	}

	private static UUID id(long userId, String key, int quantity) {
		return IdempotencyStore.bookingIdFor(userId, key, EVENT, quantity);
	}

	private static Held held(Claim claim) {
		assertThat(claim).isInstanceOf(Held.class);
		return (Held) claim;
	}

}
