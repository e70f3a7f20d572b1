package io.minitickets.api.booking;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Long-polls of a booking's status with {@code Prefer: wait=N} ({@code minitickets.booking.wait.*}).
 *
 * @param most the longest wait applied: a larger {@code wait} is capped to it (whole seconds)
 * @param max the most requests waiting at once on one instance (each holds a few hundred bytes and no thread); beyond
 * it a wait is answered 503 + Retry-After at once
 * @param retryAfter the Retry-After of that 503
 */
@ConfigurationProperties("minitickets.booking.wait")
@Validated
public record BookingWaitProperties(@DefaultValue("30s") Duration most, @DefaultValue("10000") @Min(1) int max,
		@DefaultValue("1s") Duration retryAfter) {
}
