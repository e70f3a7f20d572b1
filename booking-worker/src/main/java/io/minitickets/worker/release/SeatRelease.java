package io.minitickets.worker.release;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.worker.system.WorkerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * The seats of bookings that end (expiry, cancellation), one path for all of them: {@link #returnSeats} takes them off
 * the event inside the transaction that ended them, under the event's row lock; {@link #announce} then, after the
 * commit, makes it visible, best effort as the settlement's Valkey writes are (DESIGN.md, "The worker's offsets follow
 * Postgres"): RETURN the seats to the gate in one script call for the chunk,
 * write each booking's new status to the status cache (pipelined), both retried once, then publish each booking's
 * new state on {@code bookings.settled} and wait for the broker. What fails is left behind, not retried later: a lost
 * RETURN (or one later than {@link InventoryGate#RETURN_DEADLINE}, which the gate drops) holds the seats back until
 * the reconciler sets the counter from Postgres, a lost status write is answered from Postgres (a HELD entry is
 * checked there), a lost record is not sent again.
 */
@Component
public class SeatRelease {

	private static final Logger logger = LoggerFactory.getLogger(SeatRelease.class);

	private static final int ATTEMPTS = 2;

	private final InventoryGate gate;

	private final BookingStatusCache statusCache;

	private final KafkaTemplate<Object, Object> kafka;

	private final Duration valkeyTimeout;

	private final Duration publishTimeout;

	private final JdbcTemplate jdbc;

	SeatRelease(InventoryGate gate, BookingStatusCache statusCache, KafkaTemplate<Object, Object> kafka,
			WorkerProperties properties, JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.gate = gate;
		this.statusCache = statusCache;
		this.kafka = kafka;
		this.valkeyTimeout = properties.gateSettleTimeout();
		this.publishTimeout = properties.settledPublishTimeout();
	}

	/**
	 * Gives seats back to an event: {@code seats_sold} shrinks by them. Must run in the transaction that locked the
	 * event's row and ended the bookings that took them.
	 * @param eventId the event
	 * @param released the bookings just ended, at least one
	 */
	public void returnSeats(long eventId, List<ReleasedBooking> released) {
		this.jdbc.update("update events set seats_sold = seats_sold - ? where id = ?",
				released.stream().mapToInt(ReleasedBooking::quantity).sum(), eventId);
	}

	/**
	 * Announces bookings of one event whose seats a committed transaction gave back.
	 * @param eventId the event
	 * @param released the bookings the transaction ended
	 * @return true when Valkey took every write and the broker acknowledged every record
	 */
	public boolean announce(long eventId, List<ReleasedBooking> released) {
		boolean written = false;
		for (int attempt = 1; attempt <= ATTEMPTS && !written; attempt++) {
			written = writeToValkey(eventId, released);
		}
		if (!written) {
			logger.warn("Valkey did not take the RETURN and status writes of {} ended bookings of event {}; the "
					+ "reconciler repairs the gate and polls fall back to Postgres", released.size(), eventId);
		}
		return publish(eventId, released) && written;
	}

	private boolean writeToValkey(long eventId, List<ReleasedBooking> released) {
		List<CompletableFuture<?>> writes = new ArrayList<>(released.size() + 1);
		try {
			writes.add(this.gate.returnSeatsAsync(eventId, released.stream().map(ReleasedBooking::toReturned).toList())
				.toCompletableFuture());
			for (ReleasedBooking booking : released) {
				writes.add(this.statusCache.putAsync(booking.toCachedBooking()).toCompletableFuture());
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the RETURN of ended bookings", ex);
			return false;
		}
		return await(writes, this.valkeyTimeout);
	}

	private boolean publish(long eventId, List<ReleasedBooking> released) {
		List<CompletableFuture<?>> sends = new ArrayList<>(released.size());
		try {
			for (ReleasedBooking booking : released) {
				sends.add(this.kafka.send(BookingTopics.SETTLED, Long.toString(eventId), booking.toMessage()));
			}
		}
		catch (KafkaException ex) {
			logger.warn("The producer refused the bookings.settled records of ended bookings of event {}", eventId, ex);
			return false;
		}
		if (!await(sends, this.publishTimeout)) {
			logger.warn("The broker did not acknowledge every bookings.settled record of {} ended bookings of event {}",
					released.size(), eventId);
			return false;
		}
		return true;
	}

	private static boolean await(List<CompletableFuture<?>> futures, Duration timeout) {
		try {
			CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
				.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (ExecutionException | TimeoutException ex) {
			logger.debug("Some writes after bookings ended failed", ex);
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
