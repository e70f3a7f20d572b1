package io.minitickets.api.queue;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * Where a PENDING booking stands in its partition of {@code bookings.requested}.
 *
 * @param ahead records of its partition the worker group has still to settle before it (0 or more); never rises across
 * polls of one booking on one instance
 * @param etaSeconds {@code ahead} over the partition's smoothed settle rate, in whole seconds rounded up; absent while
 * the rate is unknown or zero (never a made-up number)
 * @param asOf when the worker group's offsets were read
 */
public record QueuePosition(long ahead, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Long etaSeconds,
		Instant asOf) {
}
