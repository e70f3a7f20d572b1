package io.minitickets.worker.expiry;

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
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * After an expiry transaction's commit, makes it visible, best effort as the settlement's Valkey writes are
 * (DESIGN.md, "The worker's offsets follow Postgres"), in two steps. {@link #returnSeats} gives the chunk's seats back
 * to the gate in one script call, retried once, and is waited for: the seats are offered again before the next chunk's
 * transaction starts. {@link #publish} writes each booking's EXPIRED status to the status cache (pipelined, retried
 * once) and publishes its new state on {@code bookings.settled}; the expirer calls it once every due hold is expired
 * and returned, for every chunk, and then waits for them all ({@link #completed}). A bench of 100,000 holds due at
 * once (docs/BENCHMARKS.md, "Expiry") took 24 and 37 s when each chunk waited for its 5,000 status writes and
 * records before the next: on a loaded machine the writes queued behind the chunk's RETURN outlasted the command
 * timeout, the retries doubled the wait, and the records' CPU delayed the next chunk. What fails is left behind, not retried later: a lost RETURN (or
 * one later than {@link InventoryGate#RETURN_DEADLINE}, which the gate drops) holds the seats back until the
 * reconciler sets the counter from Postgres, a lost status write is answered from Postgres (a HELD entry is checked
 * there), a lost record is not sent again.
 */
@Component
class ExpiryAnnouncer {

	private static final Logger logger = LoggerFactory.getLogger(ExpiryAnnouncer.class);

	private static final int ATTEMPTS = 2;

	private final InventoryGate gate;

	private final BookingStatusCache statusCache;

	private final KafkaTemplate<Object, Object> kafka;

	private final Duration valkeyTimeout;

	private final Duration publishTimeout;

	ExpiryAnnouncer(InventoryGate gate, BookingStatusCache statusCache, KafkaTemplate<Object, Object> kafka,
			WorkerProperties properties) {
		this.gate = gate;
		this.statusCache = statusCache;
		this.kafka = kafka;
		this.valkeyTimeout = properties.gateSettleTimeout();
		this.publishTimeout = properties.settledPublishTimeout();
	}

	/**
	 * Gives the seats of one committed chunk of expired holds back to the gate (RETURN, idempotent per booking), and
	 * waits for it, at most twice {@code minitickets.worker.gate-settle-timeout}.
	 * @param eventId the event
	 * @param expired the holds the transaction expired
	 * @return true when Valkey took the RETURN
	 */
	boolean returnSeats(long eventId, List<ExpiredHold> expired) {
		boolean returned = false;
		for (int attempt = 1; attempt <= ATTEMPTS && !returned; attempt++) {
			returned = awaitReturn(eventId, expired);
		}
		if (!returned) {
			logger.warn("Valkey did not take the RETURN of {} expired holds of event {}; the reconciler repairs the "
					+ "gate", expired.size(), eventId);
		}
		return returned;
	}

	/**
	 * Starts the status writes (retried once) and the {@code bookings.settled} records of one committed chunk of
	 * expired holds, without waiting for them.
	 * @param eventId the event
	 * @param expired the holds the transaction expired
	 * @return completes with true when Valkey took every status write and the broker acknowledged every record, with
	 * false when some failed or outlasted their timeouts; never exceptionally
	 */
	CompletableFuture<Boolean> publish(long eventId, List<ExpiredHold> expired) {
		CompletableFuture<Boolean> statuses = writeStatuses(expired, ATTEMPTS).thenApply((written) -> {
			if (!written) {
				logger.warn("Valkey did not take the status writes of {} expired holds of event {}; polls fall back "
						+ "to Postgres", expired.size(), eventId);
			}
			return written;
		});
		CompletableFuture<Boolean> records = send(eventId, expired);
		return statuses.thenCombine(records, Boolean::logicalAnd);
	}

	/**
	 * Waits for the announcements {@link #publish} started, at most {@code minitickets.worker.settled-publish-timeout}
	 * for all of them together.
	 * @param announcements what {@link #publish} returned
	 * @return true when every one completed with true in time
	 */
	boolean completed(List<CompletableFuture<Boolean>> announcements) {
		if (!await(announcements, this.publishTimeout)) {
			return false;
		}
		return announcements.stream().allMatch(CompletableFuture::join);
	}

	private boolean awaitReturn(long eventId, List<ExpiredHold> expired) {
		try {
			return await(List.of(this.gate
				.returnSeatsAsync(eventId, expired.stream().map(ExpiredHold::toReturned).toList())
				.toCompletableFuture()), this.valkeyTimeout);
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the RETURN of expired holds", ex);
			return false;
		}
	}

	private CompletableFuture<Boolean> writeStatuses(List<ExpiredHold> expired, int attempts) {
		CompletableFuture<Boolean> written;
		try {
			List<CompletableFuture<?>> writes = new ArrayList<>(expired.size());
			for (ExpiredHold hold : expired) {
				writes.add(this.statusCache.putAsync(hold.toCachedBooking()).toCompletableFuture());
			}
			written = allOf(writes, this.valkeyTimeout);
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the status writes of expired holds", ex);
			written = CompletableFuture.completedFuture(false);
		}
		if (attempts <= 1) {
			return written;
		}
		return written.thenCompose((done) -> done ? CompletableFuture.completedFuture(true)
				: writeStatuses(expired, attempts - 1));
	}

	private CompletableFuture<Boolean> send(long eventId, List<ExpiredHold> expired) {
		List<CompletableFuture<?>> sends = new ArrayList<>(expired.size());
		try {
			for (ExpiredHold hold : expired) {
				sends.add(this.kafka.send(BookingTopics.SETTLED, Long.toString(eventId), hold.toMessage()));
			}
		}
		catch (KafkaException ex) {
			logger.warn("The producer refused the bookings.settled records of expired holds of event {}", eventId, ex);
			return CompletableFuture.completedFuture(false);
		}
		return allOf(sends, this.publishTimeout).thenApply((acknowledged) -> {
			if (!acknowledged) {
				logger.warn("The broker did not acknowledge every bookings.settled record of {} expired holds of "
						+ "event {}", expired.size(), eventId);
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
					logger.debug("Some writes after an expiry failed", failure);
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
			logger.debug("Some writes after an expiry failed", ex);
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
