package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What a new event's seats cost and how long its holds, offers and cancellations last, as checked by the admin API.
 *
 * @param price price of one seat in minor units of {@code currency}; 0 for a free event
 * @param currency ISO 4217 code; null for none (only when the price is 0)
 * @param holdSeconds how long a booking of a paid event holds its seats unpaid, 5 to 86,400 s
 * @param offerSeconds how long a waiting-list offer stands, 5 to 86,400 s
 * @param cancellableUntil the last moment a booking may be cancelled; null: while it is HELD or CONFIRMED
 */
public record EventTerms(long price, @Nullable String currency, int holdSeconds, int offerSeconds,
		@Nullable Instant cancellableUntil) {
}
