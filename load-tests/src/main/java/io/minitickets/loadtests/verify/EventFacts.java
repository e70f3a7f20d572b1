package io.minitickets.loadtests.verify;

import org.jspecify.annotations.Nullable;

/**
 * What Postgres and the gate's Valkey hold for one event.
 *
 * @param eventId the event
 * @param capacity its seats
 * @param seatsSold {@code events.seats_sold}
 * @param confirmedSeats the sum of the quantities of its CONFIRMED bookings
 * @param confirmedBookings how many of its bookings are CONFIRMED
 * @param bookings how many booking rows it has (CONFIRMED and REJECTED: every booking that reached Postgres)
 * @param transactions distinct Postgres transactions that settled them ({@code settled_in_tx})
 * @param smallestSoldOutRejection the smallest quantity Postgres REJECTED as SOLD_OUT, null when none was
 * @param available the gate's {@code avail} counter, null when the key is missing
 * @param leasedSeats the sum of the gate's live leases (the entries of its {@code leases} hash)
 * @param heldSeats the sum of the quantities of its HELD bookings (a paid event's seats waiting for their payment)
 */
public record EventFacts(long eventId, int capacity, long seatsSold, long confirmedSeats, long confirmedBookings,
		long bookings, long transactions, @Nullable Integer smallestSoldOutRejection, @Nullable Long available,
		long leasedSeats, long heldSeats) {

	/**
	 * @return seats confirmed beyond the capacity, 0 when none
	 */
	public long oversold() {
		return Math.max(0, this.confirmedSeats - this.capacity);
	}

	/**
	 * @return seats not confirmed: the capacity less the confirmed seats, 0 when oversold
	 */
	public long seatsLeft() {
		return Math.max(0, this.capacity - this.confirmedSeats);
	}

	/**
	 * @return true when {@code seats_sold} is not the sum of the HELD and CONFIRMED quantities (a settlement counted
	 * twice, or not at all)
	 */
	public boolean doubleSettled() {
		return this.seatsSold != this.confirmedSeats + this.heldSeats;
	}

	/**
	 * @return seats by which {@code avail + leases + held + confirmed} misses the capacity (a missing counter counts
	 * as 0; the gate counts a HELD booking's seats as taken, like a CONFIRMED one's)
	 */
	public long drift() {
		long available = (this.available != null) ? this.available : 0;
		return Math.abs(available + this.leasedSeats + this.heldSeats + this.confirmedSeats - this.capacity);
	}

	/**
	 * Seat conservation (DESIGN.md, invariant 8), for a quiet event: every seat is in exactly one place, the gate's
	 * {@code avail}, a live lease, a HELD booking or a CONFIRMED one, and Postgres's {@code seats_sold} counts the
	 * HELD and CONFIRMED rows.
	 * @return true when {@code avail + leases + held + confirmed != capacity} or {@code seats_sold != held +
	 * confirmed}
	 */
	public boolean seatsNotConserved() {
		return drift() != 0 || doubleSettled();
	}

}
