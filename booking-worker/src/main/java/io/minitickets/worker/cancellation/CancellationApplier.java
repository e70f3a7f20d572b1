package io.minitickets.worker.cancellation;

import java.util.List;
import java.util.Objects;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.worker.deadletter.UnprocessableRecordException;
import io.minitickets.worker.payment.PendingRefund;
import io.minitickets.worker.payment.Refunder;
import io.minitickets.worker.release.EventLock;
import io.minitickets.worker.release.SeatsBack;
import io.minitickets.worker.release.SeatRelease;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies one customer's cancellation (DESIGN.md, "Booking lifecycle", invariants 7 and 8) in one transaction under
 * the event's row lock, then makes it visible and issues the refund it recorded:
 * <ul>
 * <li>a booking that ended already (CANCELLED, EXPIRED, REFUNDED, REJECTED): nothing changes, so a cancellation
 * delivered twice, or racing its hold's expiry, changes the booking once;</li>
 * <li>past the event's {@code cancellable_until} by Postgres's clock (it passed between api-service's check and
 * now): refused, logged and counted, nothing changes;</li>
 * <li>HELD, or CONFIRMED without a payment (free event): CANCELLED, {@code ended_at} set, its seats off
 * {@code seats_sold} (or to the waiting list's oldest fitting entries as offers) and, after the commit, RETURNed to
 * the gate — the path an expiry takes ({@link SeatRelease});</li>
 * <li>CONFIRMED and paid: the same, and a refund of its payment recorded in the same transaction (one per payment),
 * issued after the commit with its idempotency key and retried by the refund retrier if the provider fails.</li>
 * </ul>
 * An operator's refund by hand ({@link CancellationRequested#operator()} set, {@code ops bookings refund}) takes the
 * same path for a paid CONFIRMED booking only, whatever the deadline, and ends it REFUNDED; a HELD or unpaid booking
 * is refused ({@link CancellationOutcome#NOT_REFUNDABLE}, nothing changes).
 */
@Component
class CancellationApplier {

	private static final Logger logger = LoggerFactory.getLogger(CancellationApplier.class);

	static final String REFUND_REASON = "cancelled by the customer";

	static final String OPERATOR_REFUND_REASON = "refunded by an operator";

	private final CancellationRepository repository;

	private final TransactionTemplate transactions;

	private final SeatRelease seats;

	private final Refunder refunder;

	private final CancellationMetrics metrics;

	private final EventLock eventLock;

	CancellationApplier(CancellationRepository repository, PlatformTransactionManager transactionManager,
			SeatRelease seats, Refunder refunder, CancellationMetrics metrics, EventLock eventLock) {
		this.eventLock = eventLock;
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.seats = seats;
		this.refunder = refunder;
		this.metrics = metrics;
	}

	/**
	 * Applies one cancellation: its transaction, then (after the commit) the gate, the status cache,
	 * {@code bookings.settled} and the refund, each best effort.
	 * @param cancellation a cancellation api-service accepted
	 * @return what it did
	 * @throws UnprocessableRecordException when the booking does not exist, is not of the record's event or not of its
	 * user (api-service checked all three, so the record is not one it wrote); a retry cannot help
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; nothing was applied
	 */
	CancellationOutcome apply(CancellationRequested cancellation) {
		Applied applied = Objects.requireNonNull(this.transactions.execute((status) -> decide(cancellation)));
		if (applied.released() != null) {
			this.seats.announce(cancellation.eventId(), applied.released());
		}
		if (applied.refund() != null) {
			this.refunder.requested(applied.refund());
		}
		this.metrics.applied(applied.outcome());
		return applied.outcome();
	}

	private Applied decide(CancellationRequested cancellation) {
		if (!this.eventLock.lock(cancellation.eventId())) {
			throw unprocessable(cancellation, "names event " + cancellation.eventId() + ", which does not exist");
		}
		CancellableBooking booking = this.repository.booking(cancellation.bookingId())
			.filter((found) -> found.eventId() == cancellation.eventId() && found.userId() == cancellation.userId())
			.orElseThrow(() -> unprocessable(cancellation, "is not a booking of event " + cancellation.eventId()
					+ " and user " + cancellation.userId()));
		if (booking.status() != BookingStatus.HELD && booking.status() != BookingStatus.CONFIRMED) {
			return new Applied(CancellationOutcome.ALREADY_ENDED, null, null);
		}
		if (cancellation.operator() != null) {
			return refundByOperator(booking, cancellation.operator());
		}
		if (booking.pastDeadline()) {
			logger.info("Cancellation of booking {} refused: event {} is past its cancellable_until", booking.bookingId(),
					booking.eventId());
			return new Applied(CancellationOutcome.TOO_LATE, null, null);
		}
		SeatsBack released = this.seats.returnSeats(booking.eventId(),
				List.of(booking.ended(BookingStatus.CANCELLED,
						this.repository.end(booking.bookingId(), BookingStatus.CANCELLED))));
		PendingRefund refund = (booking.status() == BookingStatus.CONFIRMED)
				? this.refunder.recordRefundOfBooking(booking.bookingId(), REFUND_REASON).orElse(null) : null;
		return new Applied((refund != null) ? CancellationOutcome.CANCELLED_REFUNDED : CancellationOutcome.CANCELLED,
				released, refund);
	}

	private Applied refundByOperator(CancellableBooking booking, String operator) {
		PendingRefund refund = (booking.status() == BookingStatus.CONFIRMED) ? this.refunder
			.recordRefundOfBooking(booking.bookingId(), OPERATOR_REFUND_REASON + " (" + operator + ")")
			.orElse(null) : null;
		if (refund == null) {
			logger.info("Refund by {} of booking {} refused: it is {} without a payment to refund", operator,
					booking.bookingId(), booking.status());
			return new Applied(CancellationOutcome.NOT_REFUNDABLE, null, null);
		}
		SeatsBack released = this.seats.returnSeats(booking.eventId(), List.of(booking.ended(BookingStatus.REFUNDED,
				this.repository.end(booking.bookingId(), BookingStatus.REFUNDED))));
		logger.info("Booking {} refunded by {}", booking.bookingId(), operator);
		return new Applied(CancellationOutcome.REFUNDED_BY_OPERATOR, released, refund);
	}

	private static UnprocessableRecordException unprocessable(CancellationRequested cancellation, String why) {
		return new UnprocessableRecordException("Cancellation of booking " + cancellation.bookingId() + " " + why, null);
	}

	private record Applied(CancellationOutcome outcome, @Nullable SeatsBack released,
			@Nullable PendingRefund refund) {
	}

}
