package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * The outcome Postgres decided for one booking: the value of {@link BookingTopics#SETTLED}, keyed by event id.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity seats it asked for
 * @param status CONFIRMED or REJECTED
 * @param reason why it was rejected; null when confirmed
 * @param settledAt when the settling transaction ran
 */
public record BookingSettled(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		@Nullable RejectionReason reason, Instant settledAt) {
}
