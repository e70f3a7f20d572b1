package io.minitickets.worker.payment;

import java.util.Objects;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.worker.deadletter.UnprocessableRecordException;
import io.minitickets.worker.release.EventLock;
import io.minitickets.worker.system.Failpoints;
import io.minitickets.worker.system.WorkerProperties.Failpoint;
import io.minitickets.worker.waitlist.WaitlistOffers;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies one payment to its booking (DESIGN.md, "Booking lifecycle" and invariant 7), in one transaction under the
 * event's row lock, then makes it visible and issues the refund it recorded:
 * <ul>
 * <li>a provider event id, or a successful provider payment id, seen before: nothing changes
 * ({@link PaymentOutcome#DUPLICATE});</li>
 * <li>a failed payment: recorded; the hold keeps running;</li>
 * <li>paid while HELD: CONFIRMED (its seats stay taken);</li>
 * <li>paid after EXPIRED: CONFIRMED if {@code seats_sold + quantity <= capacity} (seats_sold grows, the gate takes
 * them after the commit), else REFUNDED with reason "hold expired" and a refund of the payment;</li>
 * <li>paid when the booking is already CONFIRMED by another payment, or ended otherwise: the booking stays as it is,
 * the payment is refunded.</li>
 * </ul>
 * A confirmed booking that was a waiting-list offer marks its entry TAKEN in the same transaction.
 * So every successful payment ends as exactly one CONFIRMED booking or exactly one refund: a booking is confirmed by
 * the first payment only, every later one is refunded, and a refund row is keyed by its payment.
 */
@Component
public class PaymentApplier {

	static final String HOLD_EXPIRED = "hold expired";

	private final PaymentRepository repository;

	private final TransactionTemplate transactions;

	private final PaymentAnnouncer announcer;

	private final Refunder refunder;

	private final PaymentMetrics metrics;

	private final WaitlistOffers waitlist;

	private final Failpoints failpoints;

	private final EventLock eventLock;

	PaymentApplier(PaymentRepository repository, PlatformTransactionManager transactionManager,
			PaymentAnnouncer announcer, Refunder refunder, PaymentMetrics metrics, WaitlistOffers waitlist,
			Failpoints failpoints, EventLock eventLock) {
		this.eventLock = eventLock;
		this.waitlist = waitlist;
		this.failpoints = failpoints;
		this.repository = repository;
		this.transactions = new TransactionTemplate(transactionManager);
		this.announcer = announcer;
		this.refunder = refunder;
		this.metrics = metrics;
	}

	/**
	 * Applies one payment: its transaction, then (after the commit) the gate, the status cache, {@code
	 * bookings.settled} and the refund, each best effort (a refund that fails is retried by {@link RefundRetrier}).
	 * @param payment a payment api-service verified
	 * @return what it did
	 * @throws UnprocessableRecordException when the booking or its event does not exist (api-service checked both, so
	 * the record is not one it wrote); a retry cannot help
	 * @throws org.springframework.dao.DataAccessException when Postgres fails; nothing was applied
	 */
	public PaymentOutcome apply(PaymentReceived payment) {
		AppliedPayment applied = Objects.requireNonNull(this.transactions.execute((status) -> decide(payment)));
		if (applied.outcome() != PaymentOutcome.DUPLICATE) {
			this.failpoints.reach(Failpoint.HALT_AFTER_PAYMENT_COMMIT);
		}
		PaidBooking changed = applied.changed();
		if (changed != null) {
			this.announcer.announce(changed, applied.outcome() == PaymentOutcome.CONFIRMED_AFTER_EXPIRY);
		}
		PendingRefund refund = applied.refund();
		if (refund != null) {
			this.refunder.requested(refund);
		}
		this.metrics.applied(applied.outcome());
		return applied.outcome();
	}

	private AppliedPayment decide(PaymentReceived payment) {
		if (!this.eventLock.lock(payment.eventId())) {
			throw new UnprocessableRecordException("Payment " + payment.providerEventId() + " names event "
					+ payment.eventId() + ", which does not exist", null);
		}
		if (this.repository.applied(payment)) {
			return AppliedPayment.unchanged(PaymentOutcome.DUPLICATE);
		}
		PaidBooking booking = this.repository.booking(payment.bookingId())
			.filter((found) -> found.eventId() == payment.eventId())
			.orElseThrow(() -> new UnprocessableRecordException("Payment " + payment.providerEventId()
					+ " names booking " + payment.bookingId() + ", which is not a booking of event "
					+ payment.eventId(), null));
		if (!payment.succeeded()) {
			this.repository.record(payment, PaymentOutcome.FAILED);
			return AppliedPayment.unchanged(PaymentOutcome.FAILED);
		}
		AppliedPayment applied = switch (booking.status()) {
			case HELD -> confirm(booking, PaymentOutcome.CONFIRMED);
			case EXPIRED -> this.repository.takeSeatsIfFree(booking.eventId(), booking.quantity())
					? confirm(booking, PaymentOutcome.CONFIRMED_AFTER_EXPIRY) : refundExpired(booking, payment);
			default -> refundPayment(booking, payment);
		};
		this.repository.record(payment, applied.outcome());
		return applied;
	}

	private AppliedPayment confirm(PaidBooking booking, PaymentOutcome outcome) {
		this.repository.confirm(booking.bookingId());
		this.waitlist.offerTaken(booking.bookingId());
		return new AppliedPayment(outcome, booking.withStatus(BookingStatus.CONFIRMED), null);
	}

	private AppliedPayment refundExpired(PaidBooking booking, PaymentReceived payment) {
		this.repository.markRefunded(booking.bookingId());
		PendingRefund refund = new PendingRefund(paymentId(payment), booking.bookingId(),
				"refund-" + booking.bookingId(), payment.amount());
		this.repository.recordRefund(refund, payment.currency(), HOLD_EXPIRED);
		return new AppliedPayment(PaymentOutcome.REFUNDED, booking.withStatus(BookingStatus.REFUNDED), refund);
	}

	private AppliedPayment refundPayment(PaidBooking booking, PaymentReceived payment) {
		String paymentId = paymentId(payment);
		PendingRefund refund = new PendingRefund(paymentId, booking.bookingId(), "refund-" + paymentId,
				payment.amount());
		this.repository.recordRefund(refund, payment.currency(), "booking already " + booking.status());
		return new AppliedPayment(PaymentOutcome.REFUNDED, null, refund);
	}

	private static String paymentId(PaymentReceived payment) {
		String paymentId = payment.providerPaymentId();
		if (paymentId == null || paymentId.isBlank()) {
			throw new UnprocessableRecordException(
					"Successful payment " + payment.providerEventId() + " carries no provider payment id", null);
		}
		return paymentId;
	}

}
