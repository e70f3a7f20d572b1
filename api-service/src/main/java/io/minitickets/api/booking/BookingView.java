package io.minitickets.api.booking;

import java.util.UUID;

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
 * @param status PENDING, CONFIRMED or REJECTED
 * @param reason why it was rejected; null otherwise
 */
record BookingView(UUID bookingId, long eventId, int quantity, BookingStatus status, @Nullable RejectionReason reason) {

	static BookingView of(CachedBooking booking) {
		return new BookingView(booking.bookingId(), booking.eventId(), booking.quantity(), booking.status(),
				booking.reason());
	}

}
