package io.minitickets.core.waitingroom;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * What one admission call did.
 *
 * @param placeIds the places admitted, in order; empty when none was due (or the pre-queue is not drawn yet)
 * @param admittedUntil when their admission ends; null when none was admitted
 * @param waiting places still waiting after the call
 * @param dropped places dropped as abandoned by this call (their admissions went to the next places)
 * @param halted why nothing was admitted: {@code not-drawn} (the pre-queue waits for its draw), {@code paused} (an
 * operator paused the room), {@code sold-out} (the gate's counter is at or below 0); null when admission ran
 */
public record AdmittedPlaces(List<UUID> placeIds, @Nullable Instant admittedUntil, long waiting, long dropped,
		@Nullable String halted) {
}
