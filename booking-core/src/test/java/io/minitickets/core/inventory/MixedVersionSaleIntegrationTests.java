package io.minitickets.core.inventory;

import java.util.List;
import java.util.UUID;

import io.lettuce.core.ScriptOutputType;
import io.minitickets.core.valkey.LuaScript;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DESIGN.md invariant 4 during a rolling upgrade, against the real Valkey: an api-service not yet upgraded RESERVEs
 * with the script from before the leased total (commit 4569aa3^, kept as a test resource) on the same keys as the new
 * scripts, while the upgraded worker SETTLEs and the upgraded reconciler RECONCILEs (docs/OPERATIONS.md, "Upgrading").
 */
class MixedVersionSaleIntegrationTests extends GateIntegrationTest {

	private static final int CAPACITY = 10;

	private static final LuaScript OLD_RESERVE = LuaScript.load("reserve-seats-before-leased-total.lua");

	/** Seats Postgres has confirmed, as the worker would have committed them. */
	private long confirmed;

	@Test
	void reservesOfAnOldApiServiceBesideTheNewScriptsNeverMakeTheGateOverAdmit() {
		long event = loadedEvent(CAPACITY);
		UUID oldRejected = UUID.randomUUID();
		UUID newConfirmed = UUID.randomUUID();
		UUID oldConfirmed = UUID.randomUUID();

		oldReserve(event, oldRejected, 3);
		assertThat(gate.reserve(event, newConfirmed, 5).result()).isEqualTo(ReserveResult.RESERVED);
		gate.settle(event, oldRejected, LeaseOutcome.REJECTED, 3);
		assertAdmitsAtMostCapacity(event, "after the new settle of an old lease");
		oldReserve(event, oldConfirmed, 1);
		connection.sync().del(valkey.keys().event(event).leased());
		reconcile(event);
		assertAdmitsAtMostCapacity(event, "after a recount and reconcile with an old and a new lease live");
		assertThat(connection.sync().get(valkey.keys().event(event).leased())).as("the new lease only").isEqualTo("5");
		assertThat(gate.available(event)).hasValue(CAPACITY - 5 - 1);

		this.confirmed += 5;
		gate.settle(event, newConfirmed, LeaseOutcome.CONFIRMED, 5);
		reconcile(event);
		assertAdmitsAtMostCapacity(event, "after the new lease was confirmed");
		this.confirmed += 1;
		gate.settle(event, oldConfirmed, LeaseOutcome.CONFIRMED, 1);
		reconcile(event);

		assertThat(gate.snapshot(event).leases()).isEmpty();
		assertThat(gate.available(event)).as("quiet: exactly the truth").hasValue(CAPACITY - 6);
		assertThat(gate.expiredLeases(event, 10)).isEmpty();
	}

	/** RESERVE with the old script and the KEYS the old api-service passed: no leased total among them. */
	private static void oldReserve(long event, UUID bookingId, int seats) {
		ValkeyKeys.EventKeys keys = valkey.keys().event(event);
		List<Long> reply = OLD_RESERVE.execute(connection, ScriptOutputType.MULTI,
				new String[] { keys.available(), keys.leases(), keys.legacyLeaseExpiry(), keys.settled(),
						keys.userSeats(), keys.leaseUsers() },
				bookingId.toString(), Integer.toString(seats), "600000", "", "");
		assertThat(reply.get(0)).isEqualTo(1L);
	}

	private void reconcile(long event) {
		GateSnapshot snapshot = gate.snapshot(event);
		gate.reconcile(event, snapshot.version(), CAPACITY - this.confirmed, List.of(), snapshot.unparseable().keySet());
	}

	private void assertAdmitsAtMostCapacity(long event, String when) {
		long available = gate.available(event).orElseThrow();
		long leased = gate.snapshot(event).leases().values().stream().mapToLong(Integer::longValue).sum();
		assertThat(available + leased + this.confirmed).as("%s: available %d + leased %d + confirmed %d", when,
				available, leased, this.confirmed).isLessThanOrEqualTo(CAPACITY);
	}

}
