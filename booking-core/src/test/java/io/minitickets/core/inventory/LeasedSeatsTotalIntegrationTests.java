package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisFuture;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The event's running total of leased seats ({@code inv:{evt:<id>}:leased:v2}) against the real Valkey: every script
 * that adds or removes a lease keeps it, and RECONCILE reads it instead of walking the leases; when it is missing or
 * cannot be right it is recounted in chunks outside any script, with a compare-and-set.
 */
class LeasedSeatsTotalIntegrationTests extends GateIntegrationTest {

	@Test
	void theTotalFollowsEveryReserveSettleReleaseAndQuarantine() {
		long event = loadedEvent(20);
		assertThat(leased(event)).as("loaded with no leases").isEqualTo("0");
		UUID confirmed = UUID.randomUUID();
		UUID rejected = UUID.randomUUID();
		UUID released = UUID.randomUUID();
		gate.reserve(event, confirmed, 2);
		gate.reserve(event, rejected, 7, 3, null);
		gate.reserve(event, released, 1);
		gate.reserve(event, confirmed, 2);
		assertThat(leased(event)).as("three leases, one reserved twice").isEqualTo("6");

		gate.settle(event, confirmed, LeaseOutcome.CONFIRMED, 2);
		assertThat(leased(event)).isEqualTo("4");
		gate.settle(event, rejected, LeaseOutcome.REJECTED, 3);
		gate.settle(event, rejected, LeaseOutcome.REJECTED, 3);
		assertThat(leased(event)).isEqualTo("1");
		gate.settle(event, released, LeaseOutcome.RELEASED, 1);
		assertThat(leased(event)).isEqualTo("0");
		gate.settle(event, UUID.randomUUID(), LeaseOutcome.CONFIRMED, 5);
		assertThat(leased(event)).as("a lease-less confirm holds no lease").isEqualTo("0");

		UUID live = UUID.randomUUID();
		gate.reserve(event, live, 4);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		connection.sync().hset(keys.leases(), UUID.randomUUID().toString(), "abc");
		connection.sync().hset(keys.leases(), "not-a-booking", "2");
		GateSnapshot snapshot = gate.snapshot(event);
		ReconcileResult result = gate.reconcile(event, snapshot.version(), 15, List.of(),
				snapshot.unparseable().keySet());

		assertThat(result.quarantined()).isEqualTo(2);
		assertThat(leased(event)).as("corrupt entries were never counted").isEqualTo("4");
		assertThat(result.truth()).isEqualTo(11);
		assertThat(gate.available(event)).hasValue(11);
	}

	@Test
	void reconcileComputesAMissingTotalOnceFromTheLeasesAndReservesLeaveItMissing() {
		long event = loadedEvent(10);
		gate.reserve(event, UUID.randomUUID(), 2);
		gate.reserve(event, UUID.randomUUID(), 3);
		String total = valkey.keys().event(event).leased();
		connection.sync().del(total);
		UUID confirmed = UUID.randomUUID();
		gate.reserve(event, confirmed, 1);
		assertThat(connection.sync().exists(total)).as("a reserve never creates the total").isZero();
		connection.sync().set(valkey.keys().event(event).available(), "9");

		ReconcileResult result = gate.reconcile(event, gate.version(event), 10, List.of(confirmed), List.of());

		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(result.truth()).isEqualTo(5);
		assertThat(leased(event)).isEqualTo("6");
	}

	@Test
	void aTotalThatCannotBeRightIsRecomputedAndWithNoLeasesItIsZero() {
		long event = loadedEvent(10);
		gate.reserve(event, UUID.randomUUID(), 1);
		gate.reserve(event, UUID.randomUUID(), 1);
		String total = valkey.keys().event(event).leased();

		connection.sync().set(total, "1");
		assertThat(gate.reconcile(event, gate.version(event), 10, List.of(), List.of()).truth())
			.as("below the number of leases").isEqualTo(8);
		assertThat(leased(event)).isEqualTo("2");

		connection.sync().set(total, "abc");
		gate.reserve(event, UUID.randomUUID(), 1);
		assertThat(connection.sync().exists(total)).as("a reserve deletes a total that does not parse").isZero();
		assertThat(gate.reconcile(event, gate.version(event), 10, List.of(), List.of()).truth()).isEqualTo(7);
		assertThat(leased(event)).isEqualTo("3");

		long empty = loadedEvent(10);
		connection.sync().set(valkey.keys().event(empty).leased(), "5");
		assertThat(gate.reconcile(empty, gate.version(empty), 10, List.of(), List.of()).truth()).isEqualTo(10);
		assertThat(leased(empty)).isEqualTo("0");
	}

	@Test
	void reconcileOf200000LeasesReadsTheTotalAndOnlyTheConfirmedLeases() throws Exception {
		long event = loadedEvent(1_000_000);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		try {
			int leases = 200_000;
			List<RedisFuture<Long>> replies = new ArrayList<>();
			for (int chunk = 0; chunk < leases / 1000; chunk++) {
				Map<String, String> entries = new HashMap<>();
				for (int i = 0; i < 1000; i++) {
					entries.put(UUID.randomUUID().toString(), "1");
				}
				replies.add(connection.async().hset(keys.leases(), entries));
				if (replies.size() == 10) {
					awaitAll(replies);
				}
			}
			awaitAll(replies);
			connection.sync().set(keys.leased(), Integer.toString(leases));
			UUID confirmed = UUID.randomUUID();
			gate.reserve(event, confirmed, 3);
			assertThat(leased(event)).isEqualTo("200003");

			ReconcileResult counted = gate.reconcile(event, gate.version(event), 1_000_000, List.of(), List.of());
			assertThat(counted.truth()).isEqualTo(799_997);
			ReconcileResult excluding = gate.reconcile(event, gate.version(event), 1_000_000,
					List.of(confirmed, confirmed, UUID.randomUUID()), List.of());
			assertThat(excluding.truth()).as("a confirmed lease is subtracted once, an absent one not at all")
				.isEqualTo(800_000);

			connection.sync().set(keys.leased(), "300000");
			ReconcileResult overstated = gate.reconcile(event, gate.version(event), 1_000_000, List.of(), List.of());
			assertThat(overstated.truth()).as("the total is read, not the leases walked").isEqualTo(700_000);
			assertThat(leased(event)).isEqualTo("300000");
		}
		finally {
			connection.sync().unlink(keys.leases(), keys.leaseExpiry());
		}
	}

	@Test
	void theReconcileScriptNeverWalksTheLeasesItAsksForARecountInstead() {
		long event = loadedEvent(10);
		gate.reserve(event, UUID.randomUUID(), 2);
		gate.reserve(event, UUID.randomUUID(), 3);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		connection.sync().del(keys.leased());

		Optional<ReconcileResult> result = new ReconcileInventoryScript().reconcile(connection, keys,
				gate.version(event), 10, List.of(), List.of(), Duration.ofHours(24), List.of());

		assertThat(result).as("a recount asked for").isEmpty();
		assertThat(leased(event)).as("nothing written").isNull();
		assertThat(gate.available(event)).hasValue(5);
	}

	@Test
	void aRecountInChunksSetsTheTotalWhenNoLeaseChangedMeanwhile() {
		long event = loadedEvent(10);
		gate.reserve(event, UUID.randomUUID(), 2);
		gate.reserve(event, UUID.randomUUID(), 3);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		connection.sync().set(keys.leased(), "1");
		LeasedTotalRecount recount = new LeasedTotalRecount();

		String marker = recount.begin(connection, keys);
		long seats = recount.sum(connection, keys);

		assertThat(seats).isEqualTo(5);
		assertThat(recount.finish(connection, keys, marker, seats)).isTrue();
		assertThat(leased(event)).isEqualTo("5");
	}

	@Test
	void aRecountThatALeaseChangeRacedWithWritesNothing() {
		long event = loadedEvent(10);
		UUID settled = UUID.randomUUID();
		gate.reserve(event, settled, 2);
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		LeasedTotalRecount recount = new LeasedTotalRecount();

		String reserveMarker = recount.begin(connection, keys);
		long beforeReserve = recount.sum(connection, keys);
		gate.reserve(event, UUID.randomUUID(), 3);
		assertThat(recount.finish(connection, keys, reserveMarker, beforeReserve)).isFalse();
		assertThat(leased(event)).as("a reserve deletes a total that does not parse, the recount's marker").isNull();

		String settleMarker = recount.begin(connection, keys);
		long beforeSettle = recount.sum(connection, keys);
		gate.settle(event, settled, LeaseOutcome.REJECTED, 2);
		assertThat(recount.finish(connection, keys, settleMarker, beforeSettle)).isFalse();
		assertThat(leased(event)).isNull();

		ReconcileResult result = gate.reconcile(event, gate.version(event), 10, List.of(), List.of());
		assertThat(result.kind()).as("recounted, then compared").isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(leased(event)).isEqualTo("3");
	}

	/** Waits for a window of pipelined commands, so that none waits in the pipeline past the command timeout. */
	private static void awaitAll(List<RedisFuture<Long>> replies) throws Exception {
		for (RedisFuture<Long> reply : replies) {
			reply.get(30, TimeUnit.SECONDS);
		}
		replies.clear();
	}

	private static String leased(long event) {
		return connection.sync().get(valkey.keys().event(event).leased());
	}

}
