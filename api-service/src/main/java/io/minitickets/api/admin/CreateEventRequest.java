package io.minitickets.api.admin;

import java.time.Instant;

import io.minitickets.api.web.PrintableText;
import jakarta.validation.constraints.Max;
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
 * @param perUserLimit the most seats one user may hold; absent for no limit
 * @param maxPerOrder the most seats per booking; absent for 10
 */
record CreateEventRequest(@NotBlank @Size(max = 200) @PrintableText String name,
		@NotNull @Positive @Max(1_000_000) Integer capacity,
		@NotNull Instant saleOpensAt, @Nullable @Positive Integer perUserLimit,
		@Nullable @Positive @Max(1_000) Integer maxPerOrder) {

	/** The per-order maximum when the request gives none (DESIGN.md: 1–10 seats per order). */
	static final int DEFAULT_MAX_PER_ORDER = 10;

}
