package io.minitickets.worker.payment;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.worker.system.WorkerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * After a payment's commit, makes the booking's new status visible, best effort as the settlement's and the expiry's
 * post-commit writes are (DESIGN.md, "The worker's offsets follow Postgres"): for a booking confirmed after its hold
 * expired, the gate takes its seats again; then the status cache and {@code bookings.settled}. What fails is left
 * behind: the reconciler repairs the gate from Postgres, a poll reads Postgres.
 */
@Component
class PaymentAnnouncer {

	private static final Logger logger = LoggerFactory.getLogger(PaymentAnnouncer.class);

	private final InventoryGate gate;

	private final BookingStatusCache statusCache;

	private final KafkaTemplate<Object, Object> kafka;

	private final Duration valkeyTimeout;

	private final Duration publishTimeout;

	PaymentAnnouncer(InventoryGate gate, BookingStatusCache statusCache, KafkaTemplate<Object, Object> kafka,
			WorkerProperties properties) {
		this.gate = gate;
		this.statusCache = statusCache;
		this.kafka = kafka;
		this.valkeyTimeout = properties.gateSettleTimeout();
		this.publishTimeout = properties.settledPublishTimeout();
	}

	/**
	 * @param booking the booking as the payment's transaction left it
	 * @param seatsTakenAgain true when the transaction took the seats of an expired hold back (the gate gave them
	 * back on expiry and must take them again)
	 */
	void announce(PaidBooking booking, boolean seatsTakenAgain) {
		try {
			if (seatsTakenAgain) {
				// The gate remembers the hold's own settle under the booking id, so its lease-less CONFIRMED would be
				// "already settled": a name derived from the booking makes this take once per booking all the same.
				this.gate.settleAsync(booking.eventId(), lateConfirmationOf(booking.bookingId()), booking.userId(),
						LeaseOutcome.CONFIRMED, booking.quantity())
					.toCompletableFuture()
					.get(this.valkeyTimeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			this.statusCache.putAsync(booking.toCachedBooking())
				.toCompletableFuture()
				.get(this.valkeyTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.warn("Valkey did not take the writes after the payment of booking {}; the reconciler repairs the "
					+ "gate and polls fall back to Postgres: {}", booking.bookingId(), ex.toString());
		}
		try {
			this.kafka.send(BookingTopics.SETTLED, Long.toString(booking.eventId()), booking.toMessage())
				.get(this.publishTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.warn("The broker did not acknowledge the bookings.settled record of booking {} ({}): {}",
					booking.bookingId(), booking.status(), ex.toString());
		}
	}

	/**
	 * @param bookingId a booking confirmed after its hold expired
	 * @return the id its gate settle is remembered under: a name-based UUID of the booking id, the same every time
	 */
	static UUID lateConfirmationOf(UUID bookingId) {
		return UUID.nameUUIDFromBytes(("paid-after-expiry:" + bookingId).getBytes(StandardCharsets.UTF_8));
	}

}
