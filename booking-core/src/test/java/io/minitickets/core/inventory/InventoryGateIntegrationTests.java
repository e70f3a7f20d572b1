package io.minitickets.core.inventory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.testing.Concurrently;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

/**
 * The gate's scripts against the real Valkey: RESERVE, SETTLE (decided by the lease), RECONCILE's compare-and-set.
 */
class InventoryGateIntegrationTests extends GateIntegrationTest {

	@Test
	void answersUnknownForAnEventWhoseCounterIsNotLoaded() {
		Reservation reservation = gate.reserve(newEvent(), UUID.randomUUID(), 1);

		assertThat(reservation.result()).isEqualTo(ReserveResult.UNKNOWN);
	}

	@Test
	void answersUnknownForACounterThatIsNotAWholeNumber() {
		long event = newEvent();
		String available = valkey.keys().event(event).available();

		for (String corrupt : List.of("1.5", "abc", "99999999999999999999999", "")) {
			connection.sync().set(available, corrupt);
			assertThat(gate.available(event)).as("counter %s", corrupt).isEmpty();
		}
	}

	@Test
	void reservesUntilSoldOutAndNeverGoesBelowZero() {
		long event = loadedEvent(3);

		assertThat(gate.reserve(event, UUID.randomUUID(), 2).result()).isEqualTo(ReserveResult.RESERVED);
		Reservation tooMany = gate.reserve(event, UUID.randomUUID(), 2);
		assertThat(tooMany.result()).isEqualTo(ReserveResult.SOLD_OUT);
		assertThat(tooMany.available()).isEqualTo(1);
		assertThat(gate.reserve(event, UUID.randomUUID(), 1).result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, UUID.randomUUID(), 1).result()).isEqualTo(ReserveResult.SOLD_OUT);
		assertThat(gate.available(event)).hasValue(0);
	}

	@Test
	void reservesOncePerBookingId() {
		long event = loadedEvent(5);
		UUID booking = UUID.randomUUID();

		gate.reserve(event, booking, 2);
		gate.reserve(event, booking, 2);

		assertThat(gate.available(event)).hasValue(3);
		assertThat(gate.snapshot(event).leases()).containsOnlyKeys(booking);
	}

	@Test
	void hands16SeatsTo16Of200ConcurrentReservers() throws Exception {
		long event = loadedEvent(16);
		List<Reservation> results = Concurrently.run(200, (i) -> () -> gate.reserve(event, UUID.randomUUID(), 1));

		long reserved = results.stream().filter((result) -> result.result() == ReserveResult.RESERVED).count();
		assertThat(reserved).isEqualTo(16);
		assertThat(gate.available(event)).hasValue(0);
	}

	@Test
	void aConfirmKeepsTheSeatsAndARejectGivesThemBackOnceEach() {
		long event = loadedEvent(5);
		UUID confirmed = UUID.randomUUID();
		UUID rejected = UUID.randomUUID();
		gate.reserve(event, confirmed, 2);
		gate.reserve(event, rejected, 2);

		assertThat(gate.settle(event, confirmed, LeaseOutcome.CONFIRMED, 2)).isEqualTo(SettleResult.LEASE_SETTLED);
		assertThat(gate.settle(event, rejected, LeaseOutcome.REJECTED, 2)).isEqualTo(SettleResult.LEASE_SETTLED);
		assertThat(gate.settle(event, rejected, LeaseOutcome.REJECTED, 2)).isEqualTo(SettleResult.UNCHANGED);
		assertThat(gate.settle(event, confirmed, LeaseOutcome.CONFIRMED, 2)).isEqualTo(SettleResult.UNCHANGED);

		assertThat(gate.available(event)).hasValue(3);
		assertThat(gate.snapshot(event).leases()).isEmpty();
	}

	@Test
	void aConfirmWithoutALeaseTakesSeatsOnceAndNeverBelowZero() {
		long event = loadedEvent(3);
		UUID ungated = UUID.randomUUID();

		assertThat(gate.settle(event, ungated, LeaseOutcome.CONFIRMED, 2))
			.isEqualTo(SettleResult.SETTLED_WITHOUT_LEASE);
		gate.settle(event, ungated, LeaseOutcome.CONFIRMED, 2);
		assertThat(gate.available(event)).hasValue(1);
		gate.settle(event, UUID.randomUUID(), LeaseOutcome.CONFIRMED, 5);
		assertThat(gate.available(event)).hasValue(0);
		gate.settle(event, UUID.randomUUID(), LeaseOutcome.REJECTED, 5);
		assertThat(gate.available(event)).hasValue(0);
	}

	@Test
	void anOfferCountsAgainstItsUserOnceWithoutTakingFromTheCounter() {
		long event = loadedEvent(3);
		UUID offer = UUID.randomUUID();
		String userSeats = valkey.keys().event(event).userSeats();

		assertThat(gate.settleAsync(event, offer, 7, LeaseOutcome.OFFERED, 2).toCompletableFuture().join())
			.isEqualTo(SettleResult.SETTLED_WITHOUT_LEASE);
		assertThat(gate.settleAsync(event, offer, 7, LeaseOutcome.OFFERED, 2).toCompletableFuture().join())
			.as("a replay").isEqualTo(SettleResult.UNCHANGED);

		assertThat(gate.available(event)).as("the offer's seats never were in the counter").hasValue(3);
		assertThat(connection.sync().hget(userSeats, "7")).isEqualTo("2");
		assertThat(gate.reserve(event, UUID.randomUUID(), 7, 1, 2).result()).isEqualTo(ReserveResult.USER_LIMIT);
	}

	@Test
	void aReleasedBookingThatLaterReachesPostgresIsStillSettled() {
		long event = loadedEvent(4);
		UUID booking = UUID.randomUUID();
		gate.reserve(event, booking, 1);

		assertThat(gate.settle(event, booking, LeaseOutcome.RELEASED, 1)).isEqualTo(SettleResult.LEASE_SETTLED);
		assertThat(gate.available(event)).hasValue(4);
		assertThat(gate.settle(event, booking, LeaseOutcome.CONFIRMED, 1))
			.isEqualTo(SettleResult.SETTLED_WITHOUT_LEASE);
		assertThat(gate.available(event)).hasValue(3);
	}

	@Test
	void reconcileLoadsRepairsAndRefusesAfterARacingSettle() {
		long event = newEvent();
		UUID leased = UUID.randomUUID();
		assertThat(gate.reconcile(event, gate.snapshot(event).version(), 10, List.of(), List.of()).kind())
			.isEqualTo(ReconcileResult.Kind.LOADED);
		gate.reserve(event, leased, 3);
		connection.sync().set(valkey.keys().event(event).available(), "9");

		GateSnapshot snapshot = gate.snapshot(event);
		gate.settle(event, UUID.randomUUID(), LeaseOutcome.CONFIRMED, 1);
		ReconcileResult stale = gate.reconcile(event, snapshot.version(), 10, List.of(), List.of());
		assertThat(stale.kind()).isEqualTo(ReconcileResult.Kind.STALE);

		ReconcileResult repaired = gate.reconcile(event, gate.snapshot(event).version(), 9, List.of(), List.of());
		assertThat(repaired.kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(repaired.before()).isEqualTo(8);
		assertThat(repaired.truth()).isEqualTo(6);
		assertThat(gate.available(event)).hasValue(6);
		ReconcileResult excluding = gate.reconcile(event, gate.snapshot(event).version(), 9, List.of(leased),
				List.of());
		assertThat(excluding.truth()).isEqualTo(9);
	}

	@Test
	void countsAUsersHeldAndConfirmedSeatsAgainstThePerUserLimit() {
		long event = loadedEvent(20);
		String userSeats = valkey.keys().event(event).userSeats();
		UUID rejected = UUID.randomUUID();
		assertThat(gate.reserve(event, rejected, 7, 3, 4).result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, UUID.randomUUID(), 7, 2, 4).result()).isEqualTo(ReserveResult.USER_LIMIT);
		assertThat(gate.available(event)).hasValue(17);

		gate.settle(event, rejected, LeaseOutcome.REJECTED, 3);
		UUID confirmed = UUID.randomUUID();
		UUID released = UUID.randomUUID();
		assertThat(gate.reserve(event, confirmed, 7, 2, 4).result()).isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, released, 7, 2, 4).result()).isEqualTo(ReserveResult.RESERVED);
		gate.settle(event, confirmed, LeaseOutcome.CONFIRMED, 2);
		gate.settle(event, released, LeaseOutcome.RELEASED, 2);
		assertThat(connection.sync().hget(userSeats, "7")).as("confirmed seats stay counted").isEqualTo("2");
		assertThat(gate.reserve(event, UUID.randomUUID(), 7, 3, 4).result()).isEqualTo(ReserveResult.USER_LIMIT);

		gate.settleAsync(event, UUID.randomUUID(), 7, LeaseOutcome.CONFIRMED, 2).toCompletableFuture().join();
		assertThat(connection.sync().hget(userSeats, "7")).as("a lease-less confirm adds its seats").isEqualTo("4");
		assertThat(gate.reserve(event, UUID.randomUUID(), 7, 1, 4).result()).isEqualTo(ReserveResult.USER_LIMIT);
		assertThat(gate.reserve(event, UUID.randomUUID(), 8, 4, 4).result()).as("another user")
			.isEqualTo(ReserveResult.RESERVED);
		assertThat(gate.reserve(event, UUID.randomUUID(), 9, 15, null).result()).as("sold out before the limit")
			.isEqualTo(ReserveResult.SOLD_OUT);
		assertThat(connection.sync().hgetall(valkey.keys().event(event).leaseUsers())).hasSize(1).containsValue("8");
	}

	@Test
	void aSnapshotSetsAsideLeaseEntriesThatDoNotParse() {
		long event = loadedEvent(10);
		UUID leased = UUID.randomUUID();
		gate.reserve(event, leased, 2);
		String leases = valkey.keys().event(event).leases();
		UUID corrupt = UUID.randomUUID();
		connection.sync().hset(leases, corrupt.toString(), "abc");
		connection.sync().hset(leases, "not-a-booking", "1");

		GateSnapshot snapshot = gate.snapshot(event);

		assertThat(snapshot.leases()).containsExactly(entry(leased, 2));
		assertThat(snapshot.unparseable()).containsOnly(entry(corrupt.toString(), "abc"), entry("not-a-booking", "1"));
	}

	@Test
	void aSnapshotReadsEveryLeaseOfAnEventWithMoreLeasesThanOneScanReturns() {
		long event = loadedEvent(10_000);
		String leases = valkey.keys().event(event).leases();
		Map<String, String> entries = new HashMap<>();
		for (int i = 0; i < 3 * InventoryGate.LEASES_PER_SCAN + 7; i++) {
			entries.put(UUID.randomUUID().toString(), Integer.toString(1 + i % 10));
		}
		connection.sync().hset(leases, entries);
		connection.sync().hset(leases, "not-a-booking", "1");
		UUID settled = UUID.randomUUID();
		gate.reserve(event, settled, 1);
		long versionBefore = gate.version(event);
		gate.settle(event, settled, LeaseOutcome.CONFIRMED, 1);

		GateSnapshot snapshot = gate.snapshot(event);

		assertThat(snapshot.version()).isEqualTo(versionBefore + 1).isEqualTo(gate.version(event));
		assertThat(snapshot.leases()).hasSize(entries.size());
		entries.forEach((id, seats) -> assertThat(snapshot.leases()).containsEntry(UUID.fromString(id),
				Integer.valueOf(seats)));
		assertThat(snapshot.unparseable()).containsOnly(entry("not-a-booking", "1"));
	}

	@Test
	void readsTheSeatsOfTheGivenLeasesOnly() {
		long event = loadedEvent(10);
		UUID two = UUID.randomUUID();
		UUID three = UUID.randomUUID();
		UUID other = UUID.randomUUID();
		UUID corrupt = UUID.randomUUID();
		gate.reserve(event, two, 2);
		gate.reserve(event, three, 3);
		gate.reserve(event, other, 1);
		connection.sync().hset(valkey.keys().event(event).leases(), corrupt.toString(), "abc");

		assertThat(gate.leaseSeats(event, List.of(two, three, corrupt, UUID.randomUUID())))
			.containsOnly(entry(two, 2), entry(three, 3));
		assertThat(gate.leaseSeats(event, List.of())).isEmpty();
		assertThat(gate.version(newEvent())).isZero();
	}

	@Test
	void reconcileQuarantinesLeaseEntriesThatDoNotParseAndCountsTheOthers() {
		long event = loadedEvent(10);
		UUID leased = UUID.randomUUID();
		gate.reserve(event, leased, 2);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		UUID corrupt = UUID.randomUUID();
		for (String[] entry : new String[][] { { corrupt.toString(), "abc" }, { "not-a-booking", "1" },
				{ UUID.randomUUID().toString(), "-3" }, { UUID.randomUUID().toString(), "1.5" } }) {
			connection.sync().hset(keys.leases(), entry[0], entry[1]);
			connection.sync().zadd(keys.leaseExpiry(), 1, entry[0]);
		}
		connection.sync().set(keys.available(), "5");
		GateSnapshot snapshot = gate.snapshot(event);

		ReconcileResult result = gate.reconcile(event, snapshot.version(), 10, List.of(),
				snapshot.unparseable().keySet());

		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(result.truth()).isEqualTo(8);
		assertThat(result.quarantined()).isEqualTo(4);
		assertThat(connection.sync().hgetall(keys.leases())).containsOnlyKeys(leased.toString());
		assertThat(connection.sync().zrange(keys.leaseExpiry(), 0, -1)).containsExactly(leased.toString());
		assertThat(connection.sync().hgetall(keys.quarantine())).containsEntry(corrupt.toString(), "abc")
			.containsEntry("not-a-booking", "1")
			.hasSize(4);
		assertThat(gate.snapshot(event).unparseable()).isEmpty();
	}

	@Test
	void throwsUnavailableWithinTheCommandTimeoutWhenValkeyIsUnreachable() {
		try (ValkeyConnection down = valkey.connect("gate", "redis://127.0.0.1:" + TestInfrastructure.closedPort())) {
			InventoryGate unreachable = new InventoryGate(down, valkey.keys(),
					GATE);

			assertThatExceptionOfType(ValkeyUnavailableException.class)
				.isThrownBy(() -> unreachable.reserve(1, UUID.randomUUID(), 1));
		}
	}

}
