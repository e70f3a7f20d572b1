package io.minitickets.worker.release;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.system.WorkerProperties;
import io.minitickets.worker.waitlist.WaitlistMetrics;
import io.minitickets.worker.waitlist.WaitlistOffer;
import io.minitickets.worker.waitlist.WaitlistOffers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * The seats of bookings that end (expiry, cancellation), one path for all of them: {@link #returnSeats} hands them to
 * the waiting list first ({@link WaitlistOffers}: the oldest entries whose whole quantity fits get offers) and takes
 * only the rest off the event, inside the transaction that ended them, under the event's row lock (DESIGN.md,
 * invariant 8: a returned seat goes to one offer or back to the gate, never both); after the commit the ending and
 * the offers are made visible, best effort as the settlement's Valkey writes are (DESIGN.md, "The worker's offsets
 * follow Postgres"), in two steps. {@link #giveBackToGate} RETURNs the seats no offer took to the gate in one script
 * call, retried once, and is waited
 * for: the seats are offered again before the caller goes on. {@link #publish} writes each booking's new status to the
 * status cache (pipelined, retried once) and publishes its new state on {@code bookings.settled}, without waiting;
 * {@link #completed} waits for such announcements. The expirer returns every chunk's seats first and publishes after
 * the last chunk: a bench of 100,000 holds due at once (docs/BENCHMARKS.md, "Expiry") took 24 and 37 s when each
 * chunk waited for its 5,000 status writes and records before the next (on a loaded machine the writes queued behind
 * the chunk's RETURN outlasted the command timeout, the retries doubled the wait, and the records' CPU delayed the next
 * chunk); a cancellation does all three at once ({@link #announce}). What fails is left behind, not retried later: a
 * lost RETURN (or one later than {@link InventoryGate#RETURN_DEADLINE}, which the gate drops) holds the seats back
 * until the reconciler sets the counter from Postgres, a lost status write is answered from Postgres (a HELD entry is
 * checked there), a lost record is not sent again.
 */
@Component
public class SeatRelease {

	private static final Logger logger = LoggerFactory.getLogger(SeatRelease.class);

	private static final int ATTEMPTS = 2;

	private final InventoryGate gate;

	private final BookingStatusCache statusCache;

	private final KafkaTemplate<Object, Object> kafka;

	private final JdbcTemplate jdbc;

	private final Duration valkeyTimeout;

	private final Duration publishTimeout;

	private final WaitlistOffers waitlist;

	private final WaitlistMetrics waitlistMetrics;

	SeatRelease(InventoryGate gate, BookingStatusCache statusCache, KafkaTemplate<Object, Object> kafka,
			WorkerProperties properties, JdbcTemplate jdbc, WaitlistOffers waitlist, WaitlistMetrics waitlistMetrics) {
		this.gate = gate;
		this.waitlist = waitlist;
		this.waitlistMetrics = waitlistMetrics;
		this.statusCache = statusCache;
		this.kafka = kafka;
		this.jdbc = jdbc;
		this.valkeyTimeout = properties.gateSettleTimeout();
		this.publishTimeout = properties.settledPublishTimeout();
	}

	/**
	 * Gives seats back to an event: ends the waiting-list entries whose offers were among the bookings, offers the
	 * seats to the oldest waiting entries whose whole quantity fits, and takes the seats no offer took off
	 * {@code seats_sold} (an offer's seats stay taken: they move from the ended booking to the offer). Which ended
	 * booking's seats an offer took is decided in order, first booking first, so that each booking's RETURN gives back
	 * exactly its untaken seats. An event with no entry WAITING or OFFERED skips the list's statements (one probe
	 * instead of two statements a call). Must run in the transaction that locked the event's row and ended the bookings.
	 * @param eventId the event
	 * @param released the bookings just ended, at least one, all of this event
	 * @return the offers made and, per booking, the seats they took
	 */
	public SeatsBack returnSeats(long eventId, List<ReleasedBooking> released) {
		int offersEnded = 0;
		int freed = released.stream().mapToInt(ReleasedBooking::quantity).sum();
		List<WaitlistOffer> offers = List.of();
		if (this.waitlist.anyLive(eventId)) {
			for (BookingStatus status : released.stream().map(ReleasedBooking::status).distinct().toList()) {
				offersEnded += this.waitlist.offersEnded(released.stream()
					.filter((booking) -> booking.status() == status)
					.map(ReleasedBooking::bookingId)
					.toList(), status);
			}
			offers = this.waitlist.offer(eventId, freed);
		}
		int offered = offers.stream().mapToInt(WaitlistOffer::quantity).sum();
		if (freed > offered) {
			this.jdbc.update("update events set seats_sold = seats_sold - ? where id = ?", freed - offered, eventId);
		}
		List<ReleasedBooking> shares = new ArrayList<>(released.size());
		int toShare = offered;
		for (ReleasedBooking booking : released) {
			int taken = Math.min(toShare, booking.quantity());
			shares.add((taken > 0) ? booking.withOffered(taken) : booking);
			toShare -= taken;
		}
		return new SeatsBack(shares, offers, offersEnded);
	}

	/**
	 * After the commit, RETURNs the seats of bookings one transaction ended, publishes their new state and waits for
	 * all of it: {@link #giveBackToGate}, {@link #publish} and {@link #completed} in one.
	 * @param eventId the event
	 * @param released what {@link #returnSeats} returned in the committed transaction
	 * @return true when Valkey took every write and the broker acknowledged every record
	 */
	public boolean announce(long eventId, SeatsBack released) {
		boolean returned = giveBackToGate(eventId, released);
		return completed(List.of(publish(eventId, released))) && returned;
	}

	/**
	 * Gives the seats of one committed transaction's ended bookings that no offer took back to the gate (RETURN,
	 * idempotent per booking: a booking whose seats all went to offers is RETURNed with none, which only takes them
	 * off its user's count), SETTLEs each offer as OFFERED (its seats added to its user's count: the per-user limit
	 * counts offers too, until the offer's own RETURN), and waits for both, at most twice
	 * {@code minitickets.worker.gate-settle-timeout}. The offers' seats never reach the gate's counter: they stay taken
	 * in {@code seats_sold}, which the reconciler's truth (capacity − seats taken − live leases) reads.
	 * @param eventId the event
	 * @param seatsBack what {@link #returnSeats} returned in the committed transaction
	 * @return true when Valkey took the RETURN
	 */
	public boolean giveBackToGate(long eventId, SeatsBack seatsBack) {
		return startGivingBackToGate(eventId, seatsBack).join();
	}

	/**
	 * {@link #giveBackToGate} without waiting: the RETURN and the offers' SETTLEs are sent now, and the retry, if one
	 * is needed, is sent when the first attempt failed or outlasted its timeout. The expirer sends a chunk's RETURN
	 * this way and runs the next chunk's transaction while Valkey runs it (docs/BENCHMARKS.md, "Expiry").
	 * @param eventId the event
	 * @param seatsBack what {@link #returnSeats} returned in the committed transaction
	 * @return completes with true when Valkey took the RETURN, with false when both attempts failed (logged); never
	 * exceptionally
	 */
	public CompletableFuture<Boolean> startGivingBackToGate(long eventId, SeatsBack seatsBack) {
		return sendReturn(eventId, seatsBack, ATTEMPTS).thenApply((returned) -> {
			if (!returned) {
				logger.warn("Valkey did not take the RETURN of {} ended bookings of event {}; the reconciler repairs "
						+ "the gate", seatsBack.released().size(), eventId);
			}
			return returned;
		});
	}

	/**
	 * Counts the waiting-list offers one committed transaction made and ended, and starts the status writes (retried
	 * once) and the {@code bookings.settled} records of its ended bookings and of its offers, without waiting for them.
	 * @param eventId the event
	 * @param seatsBack what {@link #returnSeats} returned in the committed transaction
	 * @return completes with true when Valkey took every status write and the broker acknowledged every record, with
	 * false when some failed or outlasted their timeouts; never exceptionally
	 */
	public CompletableFuture<Boolean> publish(long eventId, SeatsBack seatsBack) {
		List<WaitlistOffer> offers = seatsBack.offers();
		this.waitlistMetrics.made(offers.size(),
				(int) offers.stream().filter((offer) -> offer.status() == BookingStatus.CONFIRMED).count());
		this.waitlistMetrics.expired(seatsBack.offersEnded());
		List<CachedBooking> statuses = new ArrayList<>(seatsBack.released().size() + offers.size());
		List<BookingSettled> messages = new ArrayList<>(seatsBack.released().size() + offers.size());
		for (ReleasedBooking booking : seatsBack.released()) {
			statuses.add(booking.toCachedBooking());
			messages.add(booking.toMessage());
		}
		for (WaitlistOffer offer : offers) {
			statuses.add(offer.toCachedBooking());
			messages.add(offer.toMessage());
		}
		return publish(eventId, statuses, messages);
	}

	private CompletableFuture<Boolean> publish(long eventId, List<CachedBooking> cached,
			List<BookingSettled> messages) {
		int released = messages.size();
		CompletableFuture<Boolean> statuses = writeStatuses(cached, ATTEMPTS).thenApply((written) -> {
			if (!written) {
				logger.warn("Valkey did not take the status writes of {} ended and offered bookings of event {}; polls "
						+ "fall back to Postgres", released, eventId);
			}
			return written;
		});
		CompletableFuture<Boolean> records = send(eventId, messages);
		return statuses.thenCombine(records, Boolean::logicalAnd);
	}

	/**
	 * Waits for the announcements {@link #publish} started, at most {@code minitickets.worker.settled-publish-timeout}
	 * for all of them together.
	 * @param announcements what {@link #publish} returned
	 * @return true when every one completed with true in time
	 */
	public boolean completed(List<CompletableFuture<Boolean>> announcements) {
		if (!await(announcements, this.publishTimeout)) {
			return false;
		}
		return announcements.stream().allMatch(CompletableFuture::join);
	}

	private CompletableFuture<Boolean> sendReturn(long eventId, SeatsBack seatsBack, int attempts) {
		CompletableFuture<Boolean> sent;
		try {
			List<CompletableFuture<?>> writes = new ArrayList<>(1 + seatsBack.offers().size());
			writes.add(this.gate
				.returnSeatsAsync(eventId, seatsBack.released().stream().map(ReleasedBooking::toReturned).toList())
				.toCompletableFuture());
			for (WaitlistOffer offer : seatsBack.offers()) {
				writes.add(this.gate
					.settleAsync(eventId, offer.bookingId(), offer.userId(), LeaseOutcome.OFFERED, offer.quantity())
					.toCompletableFuture());
			}
			sent = allOf(writes, this.valkeyTimeout);
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the RETURN of ended bookings", ex);
			sent = CompletableFuture.completedFuture(false);
		}
		if (attempts <= 1) {
			return sent;
		}
		return sent.thenCompose((done) -> done ? CompletableFuture.completedFuture(true)
				: sendReturn(eventId, seatsBack, attempts - 1));
	}

	private CompletableFuture<Boolean> writeStatuses(List<CachedBooking> bookings, int attempts) {
		CompletableFuture<Boolean> written;
		try {
			List<CompletableFuture<?>> writes = new ArrayList<>(bookings.size());
			for (CachedBooking booking : bookings) {
				writes.add(this.statusCache.putAsync(booking).toCompletableFuture());
			}
			written = allOf(writes, this.valkeyTimeout);
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the status writes of ended bookings", ex);
			written = CompletableFuture.completedFuture(false);
		}
		if (attempts <= 1) {
			return written;
		}
		return written.thenCompose((done) -> done ? CompletableFuture.completedFuture(true)
				: writeStatuses(bookings, attempts - 1));
	}

	private CompletableFuture<Boolean> send(long eventId, List<BookingSettled> messages) {
		List<CompletableFuture<?>> sends = new ArrayList<>(messages.size());
		try {
			for (BookingSettled message : messages) {
				sends.add(this.kafka.send(BookingTopics.SETTLED, Long.toString(eventId), message));
			}
		}
		catch (KafkaException ex) {
			logger.warn("The producer refused the bookings.settled records of ended bookings of event {}", eventId, ex);
			return CompletableFuture.completedFuture(false);
		}
		return allOf(sends, this.publishTimeout).thenApply((acknowledged) -> {
			if (!acknowledged) {
				logger.warn("The broker did not acknowledge every bookings.settled record of {} ended and offered "
						+ "bookings of event {}", messages.size(), eventId);
			}
			return acknowledged;
		});
	}

	/**
	 * @return completes with true when every future completed normally within the timeout, else with false
	 */
	private static CompletableFuture<Boolean> allOf(List<CompletableFuture<?>> futures, Duration timeout) {
		return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
			.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
			.handle((done, failure) -> {
				if (failure != null) {
					logger.debug("Some writes after bookings ended failed", failure);
				}
				return failure == null;
			});
	}

	private static boolean await(List<? extends CompletableFuture<?>> futures, Duration timeout) {
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
