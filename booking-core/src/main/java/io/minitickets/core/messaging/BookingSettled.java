package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A booking's new state as Postgres decided it: the value of {@link BookingTopics#SETTLED}, keyed by event id, sent
 * when the worker settles it and again on every later transition (an expiry). The payment fields are additive: a
 * reader of an earlier version ignores them (Jackson 3 does not fail on unknown properties unless told to), and a
 * record of an earlier version, without them, reads as a free booking.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its user
 * @param quantity seats it asked for
 * @param status CONFIRMED, REJECTED, HELD or EXPIRED (later CANCELLED, REFUNDED)
 * @param reason why it was rejected; null otherwise
 * @param settledAt when the settling transaction ran (unchanged by later transitions)
 * @param holdExpiresAt when its hold expires (or expired) unpaid; null for a free event's booking
 * @param amount what it costs, in minor units of {@code currency} (price × quantity); null for a free event's booking
 * @param currency ISO 4217 code of {@code amount}; null for a free event's booking
 */
public record BookingSettled(UUID bookingId, long eventId, long userId, int quantity, BookingStatus status,
		@Nullable RejectionReason reason, Instant settledAt, @Nullable Instant holdExpiresAt, @Nullable Long amount,
		@Nullable String currency) {
}
