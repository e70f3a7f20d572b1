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
 * (DESIGN.md, "The worker's offsets follow Postgres"): RETURN the seats to the gate in one script call for the chunk,
 * write each booking's EXPIRED status to the status cache (pipelined), both retried once, then publish each booking's
 * new state on {@code bookings.settled} and wait for the broker. What fails is left behind, not retried later: a lost
 * RETURN (or one later than {@link InventoryGate#RETURN_DEADLINE}, which the gate drops) holds the seats back until
 * the reconciler sets the counter from Postgres, a lost status write is answered from Postgres (a HELD entry is
 * checked there), a lost record is not sent again.
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
	 * Announces one committed chunk of expired holds of one event.
	 * @param eventId the event
	 * @param expired the holds the transaction expired
	 * @return true when Valkey took every write and the broker acknowledged every record
	 */
	boolean announce(long eventId, List<ExpiredHold> expired) {
		boolean written = false;
		for (int attempt = 1; attempt <= ATTEMPTS && !written; attempt++) {
			written = writeToValkey(eventId, expired);
		}
		if (!written) {
			logger.warn("Valkey did not take the RETURN and status writes of {} expired holds of event {}; the "
					+ "reconciler repairs the gate and polls fall back to Postgres", expired.size(), eventId);
		}
		return publish(eventId, expired) && written;
	}

	private boolean writeToValkey(long eventId, List<ExpiredHold> expired) {
		List<CompletableFuture<?>> writes = new ArrayList<>(expired.size() + 1);
		try {
			writes.add(this.gate.returnSeatsAsync(eventId, expired.stream().map(ExpiredHold::toReturned).toList())
				.toCompletableFuture());
			for (ExpiredHold hold : expired) {
				writes.add(this.statusCache.putAsync(hold.toCachedBooking()).toCompletableFuture());
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Valkey unavailable for the RETURN of expired holds", ex);
			return false;
		}
		return await(writes, this.valkeyTimeout);
	}

	private boolean publish(long eventId, List<ExpiredHold> expired) {
		List<CompletableFuture<?>> sends = new ArrayList<>(expired.size());
		try {
			for (ExpiredHold hold : expired) {
				sends.add(this.kafka.send(BookingTopics.SETTLED, Long.toString(eventId), hold.toMessage()));
			}
		}
		catch (KafkaException ex) {
			logger.warn("The producer refused the bookings.settled records of expired holds of event {}", eventId, ex);
			return false;
		}
		if (!await(sends, this.publishTimeout)) {
			logger.warn("The broker did not acknowledge every bookings.settled record of {} expired holds of event {}",
					expired.size(), eventId);
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
			logger.debug("Some writes after an expiry failed", ex);
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
