package io.minitickets.ops.status;

import org.jspecify.annotations.Nullable;

/**
 * One event as {@code ops status} shows it: Postgres's view beside the gate's.
 *
 * @param id the event
 * @param name its name
 * @param capacity seats
 * @param confirmed seats sold, as Postgres holds them ({@code events.seats_sold})
 * @param gate the gate's counter of seats it may still hand out; null when not loaded or Valkey is unreachable
 * @param leases seats held by live leases (reserved, not yet settled); null when Valkey is unreachable
 */
record EventRow(long id, String name, int capacity, int confirmed, @Nullable Long gate, @Nullable Integer leases) {

	/**
	 * How far the gate is off the truth: capacity − confirmed − leases − counter. 0 when they agree; positive when the
	 * gate holds back seats Postgres still has, negative when it would hand out seats that are gone (the reconciler
	 * repairs both).
	 * @return the drift in seats, or null when the gate's view is unknown
	 */
	@Nullable Long drift() {
		return (this.gate != null && this.leases != null) ? this.capacity - this.confirmed - this.leases - this.gate
				: null;
	}

}
