package io.minitickets.ops.status;

import io.minitickets.core.inventory.GateReading;
import org.jspecify.annotations.Nullable;

/**
 * One event as {@code ops status} shows it: Postgres's view beside the gate's.
 *
 * @param id the event
 * @param name its name
 * @param capacity seats
 * @param confirmed seats sold, held or confirmed, as Postgres holds them ({@code events.seats_sold})
 * @param gate the gate's counter of seats it may still hand out; null when not loaded or Valkey is unreachable
 * @param leases seats held by live leases (reserved, not yet settled); null when Valkey is unreachable
 */
record EventRow(long id, String name, int capacity, int confirmed, @Nullable Long gate, @Nullable Integer leases) {

	/**
	 * How far the gate is off the truth ({@link GateReading#drift(int, int)}).
	 * @return the drift in seats, or null when the gate's view is unknown
	 */
	@Nullable Long drift() {
		return new GateReading(this.gate, this.leases).drift(this.capacity, this.confirmed);
	}

}
