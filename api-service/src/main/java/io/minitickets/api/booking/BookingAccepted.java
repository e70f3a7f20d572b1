package io.minitickets.api.booking;

import java.util.UUID;

/**
 * The 202 answer: the booking is durably in Kafka and will be settled.
 *
 * @param bookingId the booking to poll
 * @param status always PENDING
 * @param statusUrl where to poll
 */
record BookingAccepted(UUID bookingId, String status, String statusUrl) {

	static BookingAccepted of(UUID bookingId) {
		return new BookingAccepted(bookingId, "PENDING", "/api/bookings/" + bookingId);
	}

}
