package io.minitickets.api.board;

import java.time.Instant;
import java.util.List;

import io.minitickets.api.board.BookingRequestMeters.Rates;
import io.minitickets.api.queue.PartitionQueue;
import io.minitickets.core.backlog.PartitionLag;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /board/data} answers: the latest sample and the history behind the sparklines. Every history list
 * is aligned with {@link #times()}, oldest first; an entry is null where the figure was unknown then.
 *
 * @param at when the latest sample was taken
 * @param periodMillis the shortest time between two samples, milliseconds
 * @param times when each sample of the history was taken, epoch milliseconds
 * @param requests the booking request's rates and p99
 * @param backlog the worker's lag and the dead-letter topics
 * @param webhooks the payment webhooks this instance refused
 * @param queue the records waiting ahead of a newly queued booking and its ETA, per partition
 * @param events the latest events whose sale has opened, newest sale first
 * @param problems what could not be read in the latest sample (empty when all was read)
 */
record BoardSnapshot(Instant at, long periodMillis, List<Long> times, Requests requests, Backlog backlog,
		Webhooks webhooks, Queue queue, List<EventPanel> events, List<String> problems) {

	/**
	 * Booking requests ({@code POST /api/events/{eventId}/bookings}).
	 *
	 * @param now per second by status since the sample before; null for the first sample
	 * @param p99Millis the 99th percentile of the requests over the p99 window, milliseconds; null when none came
	 * @param accepted 202 per second, history
	 * @param conflict 409 per second, history
	 * @param tooMany 429 per second, history
	 * @param unavailable 503 per second, history
	 * @param p99History p99 in milliseconds, history
	 */
	record Requests(@Nullable Rates now, @Nullable Double p99Millis, List<@Nullable Double> accepted,
			List<@Nullable Double> conflict, List<@Nullable Double> tooMany, List<@Nullable Double> unavailable,
			List<@Nullable Double> p99History) {
	}

	/**
	 * The worker's backlog, from the broker.
	 *
	 * @param lag records of {@code bookings.requested} not yet settled by the worker group; null when unknown
	 * @param partitions the lag per partition (empty when unknown)
	 * @param deadLetters records in {@code bookings.requested-dlt}; null when unknown or the topic does not exist
	 * @param parked records in {@code bookings.requested-parked}; null when unknown or the topic does not exist
	 * @param lagHistory the lag, history
	 * @param deadLetterHistory the dead-letter count, history
	 */
	record Backlog(@Nullable Long lag, List<PartitionLag> partitions, @Nullable Long deadLetters,
			@Nullable Long parked, List<@Nullable Long> lagHistory, List<@Nullable Long> deadLetterHistory) {
	}

	/**
	 * The queue a newly queued booking joins, from the offsets api-service reads once a second for queue positions
	 * ({@code minitickets.queue.poll-period}), not from a broker request of the board's own.
	 *
	 * @param ahead records the worker group has still to settle, over the partitions it has committed on (log end −
	 * committed offset); null before the offsets were first read or while it has committed on none (a partition it
	 * never committed on counts in the lag, not here: no position can be given in it)
	 * @param etaSeconds the longest partition's ETA, seconds (partitions settle in parallel); null while unknown: no
	 * offsets yet, or a partition with records waiting and no measured rate
	 * @param asOf when the offsets were read; null before the first read
	 * @param partitions per partition the worker group has committed on: records ahead, ETA in seconds and the smoothed settle rate, records per second
	 * @param aheadHistory records ahead, history
	 */
	record Queue(@Nullable Long ahead, @Nullable Long etaSeconds, @Nullable Instant asOf,
			List<PartitionQueue> partitions, List<@Nullable Long> aheadHistory) {
	}

	/**
	 * Payment webhooks this api-service instance refused ({@code minitickets.payments.refused}, all reasons: bad
	 * signature, stale timestamp, malformed, unknown booking, amount mismatch).
	 *
	 * @param refusedPerSecond per second since the sample before; null for the first sample
	 * @param refusedHistory per second, history
	 */
	record Webhooks(@Nullable Double refusedPerSecond, List<@Nullable Double> refusedHistory) {
	}

	/**
	 * One event: Postgres's seats beside the gate's counter and leases.
	 *
	 * @param id the event
	 * @param name its name
	 * @param capacity seats
	 * @param sold seats sold, as Postgres holds them ({@code events.seats_sold})
	 * @param gate the gate's counter of seats it may still hand out; null when not loaded or Valkey is unreachable
	 * @param leases seats held by live leases; null when Valkey is unreachable
	 * @param drift capacity − sold − leases − gate; 0 when the gate agrees with Postgres; null when unknown
	 * @param soldHistory seats sold, history (null before the event was first sampled)
	 * @param paid a paid event's holds, waiting list, payments and refunds; null for a free event
	 * @param waitingRoom its waiting room's waiting, admitted/s, dropped, ETA of the last place, paused / sold out;
	 * null for an event without an enabled one
	 */
	record EventPanel(long id, String name, int capacity, int sold, @Nullable Long gate, @Nullable Integer leases,
			@Nullable Long drift, List<@Nullable Integer> soldHistory, @Nullable PaidSaleReading paid,
			@Nullable WaitingRoomReading waitingRoom) {
	}

}
