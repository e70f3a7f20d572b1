package io.minitickets.api.admin;

import java.time.Instant;

import io.minitickets.api.web.PrintableText;
import io.minitickets.core.sale.SaleTerms;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /api/admin/events}.
 *
 * @param name the event's name: 1 to 200 UTF-16 code units, not only white space, without control, format or
 * separator characters (Unicode categories Cc, Cf, Zl, Zp: a bidirectional control would reverse the operators'
 * tables)
 * @param capacity seats in all, 1 to 1,000,000
 * @param saleOpensAt when bookings start (ISO-8601 instant)
 * @param perUserLimit the most seats one user may hold (held or confirmed); absent for no limit
 * @param maxPerOrder the most seats per booking; absent for 10
 * @param price price of one seat in minor units of {@code currency} (cents for EUR), 0 to 100,000,000; absent or 0
 * for a free event, whose bookings are CONFIRMED at once; above 0 they are HELD until paid or expired
 * @param currency ISO 4217 code, three upper-case letters that {@link java.util.Currency} knows; required when the
 * price is above 0, allowed and stored with a price of 0
 * @param holdSeconds how long a booking of a paid event holds its seats unpaid, 5 to 86,400 s; absent for 600
 * @param offerSeconds how long a waiting-list offer stands, 5 to 86,400 s; absent for 1,800 (stored; the waiting list
 * comes later)
 * @param cancellableUntil the last moment a booking may be cancelled (ISO-8601 instant); absent: while it is HELD or
 * CONFIRMED (stored and shown; cancellation comes later)
 * @param waitingRoom the event's waiting room ({@link WaitingRoomRequest}); absent for none
 */
record CreateEventRequest(@NotBlank @Size(max = SaleTerms.MAX_NAME_LENGTH, message = "must be 1 to {max} UTF-16 code units long (a character past U+FFFF counts 2)") @PrintableText String name,
		@NotNull @Positive @Max(SaleTerms.MAX_CAPACITY) Integer capacity,
		@NotNull Instant saleOpensAt, @Nullable @Positive Integer perUserLimit,
		@Nullable @Positive @Max(SaleTerms.MAX_PER_ORDER) Integer maxPerOrder, @Nullable @Min(0) @Max(SaleTerms.MAX_PRICE) Long price,
		@Nullable String currency,
		@Nullable @Min(SaleTerms.MIN_WINDOW_SECONDS) @Max(SaleTerms.MAX_WINDOW_SECONDS) Integer holdSeconds,
		@Nullable @Min(SaleTerms.MIN_WINDOW_SECONDS) @Max(SaleTerms.MAX_WINDOW_SECONDS) Integer offerSeconds,
		@Nullable Instant cancellableUntil, @Nullable WaitingRoomRequest waitingRoom) {

	/** The per-order maximum when the request gives none (DESIGN.md: 1–10 seats per order). */
	static final int DEFAULT_MAX_PER_ORDER = 10;

}
