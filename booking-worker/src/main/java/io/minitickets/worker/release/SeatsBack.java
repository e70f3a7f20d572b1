package io.minitickets.worker.release;

import java.util.List;

import io.minitickets.worker.waitlist.WaitlistOffer;

/**
 * What one transaction did with the seats of the bookings it ended: the waiting-list offers it made out of them, and
 * the rest, free again in {@code seats_sold} and, after the commit, RETURNed to the gate.
 *
 * @param released the bookings it ended, each with the seats offers took of it
 * @param offers the offers it made, oldest entry first
 * @param offersEnded waiting-list entries whose offers were among the ended bookings (EXPIRED or LEFT now)
 */
public record SeatsBack(List<ReleasedBooking> released, List<WaitlistOffer> offers, int offersEnded) {

	/**
	 * @return seats the ended bookings freed, offered or not
	 */
	public long seats() {
		return this.released.stream().mapToLong(ReleasedBooking::quantity).sum();
	}

}
