package io.minitickets.core.valkey;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.idempotency.IdempotencyEntryScript;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.inventory.SettleResult;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimitDecision;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.testing.Concurrently;
import io.minitickets.core.testing.ValkeyClusterNodes;
import io.minitickets.core.waitingroom.Opening;
import io.minitickets.core.waitingroom.PlaceState;
import io.minitickets.core.waitingroom.QueueDraw;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Every script against a real Valkey Cluster of three primaries, through a {@code redis-cluster://} URL: each
 * multi-key script keeps its keys in one slot (the event's hash tag), and an event's keys and a user's bucket work
 * when they sit on different nodes.
 */
class ScriptsOnAValkeyClusterIntegrationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final BucketPolicy BOOKING = new BucketPolicy(10, Duration.ofSeconds(1));

	private static final ValkeyKeys KEYS = new ValkeyKeys("cluster-" + UUID.randomUUID().toString().substring(0, 8)
			+ ":");

	private static ValkeyClusterNodes nodes;

	private static ClientResources resources;

	private static ValkeyConnection connection;

	private static InventoryGate gate;

	@BeforeAll
	static void start() {
		nodes = ValkeyClusterNodes.start();
		resources = DefaultClientResources.create();
		connection = new ValkeyConnection("cluster", nodes.url(), TIMEOUT, TIMEOUT, resources);
		gate = new InventoryGate(connection, KEYS, new GateProperties(true, Duration.ofMinutes(10),
				Duration.ofHours(24)));
	}

	@AfterAll
	static void stop() {
		connection.close();
		resources.shutdown();
		nodes.close();
	}

	@Test
	void theGateReservesSettlesAndReconcilesAnEventWhoseKeysShareOneSlot() {
		long event = 1;
		gate.load(event, 3);
		UUID confirmed = UUID.randomUUID();
		UUID rejected = UUID.randomUUID();

		assertThat(gate.reserve(event, confirmed, 7, 2, 4).result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, rejected, 8, 1, 4).result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, UUID.randomUUID(), 9, 1, 4).result()).isEqualTo(ReserveResult.SOLD_OUT);
		assertThat(gate.settle(event, rejected, LeaseOutcome.REJECTED, 1)).isEqualTo(SettleResult.LEASE_SETTLED);
		assertThat(gate.settle(event, confirmed, LeaseOutcome.CONFIRMED, 2)).isEqualTo(SettleResult.LEASE_SETTLED);
		assertThat(gate.available(event)).hasValue(1);
		assertThat(gate.reconcile(event, gate.snapshot(event).version(), 1, List.of(), List.of()).changed()).isFalse();
	}

	@Test
	void theEventsOfOneSaleSpreadOverEveryNodeAndEachStillSellsOut() throws Exception {
		List<Long> events = LongStream.rangeClosed(100, 120).boxed().toList();
		events.forEach((event) -> gate.load(event, 5));

		assertThat(events.stream().map((event) -> nodes.portOf(KEYS.event(event).available())).distinct())
			.as("the events' slots cover all three primaries")
			.hasSize(3);
		for (long event : events) {
			List<ReserveResult> results = Concurrently.run(8,
					(i) -> () -> gate.reserve(event, UUID.randomUUID(), 1).result());
			assertThat(results).filteredOn(ReserveResult.RESERVED::equals).hasSize(5);
			assertThat(gate.available(event)).hasValue(0);
		}
		assertThat(gate.activity(events)).hasSize(events.size())
			.allSatisfy((event, activity) -> assertThat(activity.leases()).isEqualTo(5));
	}

	@Test
	void aUsersBucketOnAnotherNodeThanTheEventLimitsAsOnOneNode() throws Exception {
		RateLimiter limiter = new RateLimiter(connection, KEYS);
		long event = 200;
		String user = userOnAnotherNodeThan(KEYS.event(event).available());
		gate.load(event, 100);

		long allowed = Concurrently.run(15, (i) -> () -> limiter.tryAcquire("book:user", user, BOOKING))
			.stream()
			.filter(RateLimitDecision::allowed)
			.count();

		assertThat(allowed).isEqualTo(10);
		assertThat(gate.reserve(event, UUID.randomUUID(), Long.parseLong(user), 1, null).result())
			.isEqualTo(ReserveResult.RESERVED);
	}

	@Test
	void theTokenAndReserveAreNeverOneScriptOnACluster() {
		RateLimiter limiter = new RateLimiter(connection, KEYS);

		assertThat(gate.reservesAfterTokensOf(limiter)).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> gate.reserveAfterToken(limiter, "book:user", "1", BOOKING,
				200, UUID.randomUUID(), 1, 1, null));
	}

	@Test
	void idempotencyEntriesAreReplacedOnlyWhenTheyHoldTheExpectedValue() {
		IdempotencyEntryScript entries = new IdempotencyEntryScript();
		String key = KEYS.idempotency(42, "k-1");
		connection.sync().set(key, "202|a");

		assertThat(entries.replace(connection, key, "202|b", "200|c", Duration.ofMinutes(1))).isFalse();
		assertThat(entries.replace(connection, key, "202|a", "200|c", Duration.ofMinutes(1))).isTrue();
		assertThat(entries.delete(connection, key, "200|c")).isTrue();
		assertThat(connection.sync().exists(key)).isZero();
	}

	@Test
	void theStatusCacheOnlyMovesForward() {
		BookingStatusCache cache = new BookingStatusCache(connection, KEYS, Duration.ofMinutes(5));
		UUID id = UUID.randomUUID();
		CachedBooking pending = new CachedBooking(id, 7, 11, 2, BookingStatus.PENDING, null, null);
		CachedBooking confirmed = new CachedBooking(id, 7, 11, 2, BookingStatus.CONFIRMED, null, null);

		assertThat(cache.put(pending)).isTrue();
		assertThat(cache.put(confirmed)).isTrue();
		assertThat(cache.put(pending)).isFalse();
		assertThat(cache.removePending(id)).isFalse();
		assertThat(cache.get(id)).hasValue(confirmed);
	}

	@Test
	void aWaitingRoomJoinsDrawsAndAdmitsUnderItsEventsHashTag() {
		WaitingRoomQueue queue = new WaitingRoomQueue(connection, KEYS);
		long event = 300;
		UUID early = queue.join(event, 1, UUID.randomUUID(), false).placeId();
		UUID earlier = queue.join(event, 2, UUID.randomUUID(), false).placeId();
		Opening opening = queue.open(event);
		UUID late = queue.join(event, 3, UUID.randomUUID(), true).placeId();
		QueueDraw.Draw draw = QueueDraw.draw(queue.preQueue(event, opening), new byte[32]);

		assertThat(queue.join(event, 1, UUID.randomUUID(), true).placeId()).isEqualTo(early);
		assertThat(queue.applyDraw(event, draw)).isEqualTo(1);
		assertThat(queue.holdLease(event, "a", Duration.ofSeconds(5))).isTrue();
		assertThat(queue.admit(event, 10, Duration.ofMinutes(1)).placeIds())
			.containsExactly(draw.order().get(0), draw.order().get(1), late)
			.containsOnlyOnce(early, earlier);
		assertThat(queue.place(event, late).orElseThrow().state()).isEqualTo(PlaceState.ADMITTED);
	}

	private static String userOnAnotherNodeThan(String eventKey) {
		int eventNode = nodes.portOf(eventKey);
		return LongStream.rangeClosed(1, 100)
			.mapToObj(Long::toString)
			.filter((user) -> nodes.portOf(KEYS.bucket("book:user", user)) != eventNode)
			.findFirst()
			.orElseThrow();
	}

}
