package io.minitickets.api.booking;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Server-Sent Events streams of a booking's status ({@code minitickets.booking.stream.*}); a waiting-room place's
 * streams follow the same settings, their {@code max} counted apart.
 *
 * @param max the most streams open at once on one instance; beyond it a new stream is answered 503 + Retry-After
 * @param heartbeat how long a stream goes without a write before it gets a comment line, so that proxies and clients
 * see it alive: checked once per period, so an idle stream hears something at least every two periods, and a stream
 * that gets events gets no comments
 * @param positionPeriod how often, at most, a PENDING booking's stream gets its new queue position
 * @param timeout how long a stream stays open before it is closed (the client resumes with {@code Last-Event-ID})
 * @param retryAfter the Retry-After of the 503
 * @param ticketTtl how long a stream ticket ({@code POST /api/bookings/{id}/stream-ticket}, and a waiting-room place's)
 * opens its stream
 * @param changeRetries how many times a change announced on {@code bookings.settled} is read again when the status
 * read does not show it yet (it failed, or the status cache lags the record), before Postgres alone is read
 * @param changeBackoff the wait before the first of those reads again; it doubles at each
 */
@ConfigurationProperties("minitickets.booking.stream")
@Validated
public record BookingStreamProperties(@DefaultValue("25000") @Min(1) int max,
		@DefaultValue("15s") Duration heartbeat, @DefaultValue("1s") Duration positionPeriod,
		@DefaultValue("30m") Duration timeout, @DefaultValue("1s") Duration retryAfter,
		@DefaultValue("60s") Duration ticketTtl, @DefaultValue("3") @Min(0) int changeRetries,
		@DefaultValue("50ms") Duration changeBackoff) {
}
