package io.minitickets.api.board;

import java.time.Instant;
import java.util.List;

import io.minitickets.api.board.BookingRequestMeters.Rates;
import io.minitickets.api.board.BookingRequestMeters.RequestCounts;
import io.minitickets.api.queue.PartitionQueue;
import io.minitickets.api.queue.QueueReading;
import io.minitickets.core.backlog.PartitionLag;
import io.minitickets.core.inventory.GateReading;
import org.jspecify.annotations.Nullable;

/**
 * One sample of the board, as kept in its history.
 *
 * @param at when it was taken
 * @param counts the booking request's cumulative counts then
 * @param rates per second since the sample before; null for the first
 * @param p99Millis the booking request's p99 over the p99 window, milliseconds; null when no request came
 * @param events the events read
 * @param lag the worker group's lag per partition; null when the broker could not tell
 * @param deadLetters records in the dead-letter topic; null when unknown
 * @param parked records in the parked topic; null when unknown
 * @param webhooksRefused payment webhooks api-service refused, ever (this instance's
 * {@code minitickets.payments.refused}, all reasons)
 * @param webhooksRefusedPerSecond refused per second since the sample before; null for the first
 * @param queue records ahead and the ETA per partition, from the queue positions' latest reading; null before it
 * was first read
 * @param problems what could not be read
 */
record BoardSample(Instant at, RequestCounts counts, @Nullable Rates rates, @Nullable Double p99Millis,
		List<EventReading> events, @Nullable List<PartitionLag> lag, @Nullable Long deadLetters,
		@Nullable Long parked, double webhooksRefused, @Nullable Double webhooksRefusedPerSecond,
		@Nullable QueueReading queue, List<String> problems) {

	/** @return the total lag; null when unknown */
	@Nullable Long totalLag() {
		return (this.lag != null) ? this.lag.stream().mapToLong(PartitionLag::lag).sum() : null;
	}

	/**
	 * @return records ahead over the partitions the worker group has committed on; null when unknown (no reading yet,
	 * or the group never committed)
	 */
	@Nullable Long totalAhead() {
		return (this.queue != null && !this.queue.partitions().isEmpty())
				? this.queue.partitions().stream().mapToLong(PartitionQueue::ahead).sum() : null;
	}

	/**
	 * One event as read from Postgres and the gate.
	 *
	 * @param id the event
	 * @param name its name
	 * @param capacity seats
	 * @param sold {@code events.seats_sold}
	 * @param gate the gate's counter and leases
	 * @param paid its holds, waiting list, payments and refunds; null for a free event (price 0)
	 * @param waitingRoom its waiting room; null when it has none enabled (or Valkey could not tell)
	 */
	record EventReading(long id, String name, int capacity, int sold, GateReading gate,
			@Nullable PaidSaleReading paid, @Nullable WaitingRoomReading waitingRoom) {
	}

}
