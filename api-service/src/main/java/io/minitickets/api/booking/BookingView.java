package io.minitickets.api.booking;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.minitickets.api.queue.QueuePosition;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;

/**
 * A booking as its owner sees it.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param quantity seats asked for
 * @param status PENDING, CONFIRMED, REJECTED, HELD (a paid event's seats, until paid or expired), EXPIRED, CANCELLED
 * or REFUNDED
 * @param reason why it was rejected; null otherwise
 * @param holdExpiresAt when a paid event's booking stops holding its seats unpaid; absent for a free event's
 * booking and while pending
 * @param amount what it costs, in minor units of {@code currency} (price × quantity); absent as {@code holdExpiresAt}
 * @param currency ISO 4217 code of {@code amount}; absent as {@code holdExpiresAt}
 * @param payment where its payment is (a single booking's status only; absent as {@code holdExpiresAt}, and in lists)
 * @param queue where a PENDING booking stands: records ahead of it and an ETA (a single booking's status only; absent
 * once settled, and while unknown)
 */
record BookingView(UUID bookingId, long eventId, int quantity, BookingStatus status, @Nullable RejectionReason reason,
		@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Instant holdExpiresAt,
		@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Long amount,
		@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String currency,
		@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PaymentView payment,
		@JsonInclude(JsonInclude.Include.NON_NULL) @Nullable QueuePosition queue) {

	static BookingView of(CachedBooking booking) {
		CachedBooking.Hold hold = booking.hold();
		return new BookingView(booking.bookingId(), booking.eventId(), booking.quantity(), booking.status(),
				booking.reason(), (hold != null) ? hold.expiresAt() : null, (hold != null) ? hold.amount() : null,
				(hold != null) ? hold.currency() : null, null, null);
	}

	BookingView withPayment(PaymentView newPayment) {
		return new BookingView(this.bookingId, this.eventId, this.quantity, this.status, this.reason,
				this.holdExpiresAt, this.amount, this.currency, newPayment, this.queue);
	}

	BookingView withQueue(@Nullable QueuePosition position) {
		return new BookingView(this.bookingId, this.eventId, this.quantity, this.status, this.reason,
				this.holdExpiresAt, this.amount, this.currency, this.payment, position);
	}

}
