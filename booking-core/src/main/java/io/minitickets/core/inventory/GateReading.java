package io.minitickets.core.inventory;

import java.util.OptionalLong;

import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * An event's gate as an operator reads it beside Postgres: its counter and the seats its live leases hold.
 *
 * @param counter the gate's counter of seats it may still hand out; null when not loaded, not a whole number, or
 * Valkey is unreachable
 * @param leases seats held by live leases (reserved, not yet settled); null when Valkey is unreachable
 */
public record GateReading(@Nullable Long counter, @Nullable Integer leases) {

	/**
	 * Reads an event's counter and leases: two reads, never a write. An unreachable Valkey is an unknown reading,
	 * not an error.
	 * @param gate the gate
	 * @param eventId the event
	 * @return the reading
	 */
	public static GateReading of(InventoryGate gate, long eventId) {
		try {
			GateSnapshot snapshot = gate.snapshot(eventId);
			OptionalLong available = gate.available(eventId);
			int leases = snapshot.leases().values().stream().mapToInt(Integer::intValue).sum();
			return new GateReading(available.isPresent() ? available.getAsLong() : null, leases);
		}
		catch (ValkeyUnavailableException ex) {
			return new GateReading(null, null);
		}
	}

	/**
	 * How far the gate is off the truth: capacity − confirmed − leases − counter. 0 when they agree; positive when the
	 * gate holds back seats Postgres still has, negative when it would hand out seats that are gone (the reconciler
	 * repairs both).
	 * @param capacity the event's seats
	 * @param confirmed seats sold, as Postgres holds them ({@code events.seats_sold})
	 * @return the drift in seats, or null when the gate's view is unknown
	 */
	public @Nullable Long drift(int capacity, int confirmed) {
		return (this.counter != null && this.leases != null) ? capacity - confirmed - this.leases - this.counter
				: null;
	}

}
