package io.minitickets.api.booking;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The booking route's in-flight limit ({@code minitickets.booking.in-flight.*}): how many booking requests one
 * api-service instance works on at once before it answers the next ones 503 at once.
 *
 * @param max booking requests in progress at once on this instance, at least 1. A healthy sale keeps far fewer in
 * flight (rate × latency: ~1,500 req/s × 50 ms ≈ 75 at this machine's accepting saturation); while Kafka cannot take
 * bookings each one waits up to the send timeout, and at ~117 KB a waiting request an open-model stampede would
 * otherwise fill the heap (docs/RELIABILITY.md). 256 keeps them under ~30 MB
 * @param retryAfter the Retry-After of the 503 answered beyond the limit, rounded up to whole seconds
 */
@Validated
@ConfigurationProperties("minitickets.booking.in-flight")
public record BookingInFlightProperties(@DefaultValue("256") @Min(1) int max,
		@DefaultValue("1s") Duration retryAfter) {
}
