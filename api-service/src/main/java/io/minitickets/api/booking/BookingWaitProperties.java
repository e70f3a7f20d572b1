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
 * @param perUser the most requests one user has waiting at once on one instance: a further one answers that user's
 * oldest wait at once with the status as it is (a client that dropped its waits and asks again frees them; one
 * account cannot hold {@code max})
 */
@ConfigurationProperties("minitickets.booking.wait")
@Validated
public record BookingWaitProperties(@DefaultValue("30s") Duration most, @DefaultValue("10000") @Min(1) int max,
		@DefaultValue("1s") Duration retryAfter, @DefaultValue("4") @Min(1) int perUser) {
}
