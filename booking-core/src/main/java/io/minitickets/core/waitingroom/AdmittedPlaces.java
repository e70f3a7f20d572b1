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
 */
public record AdmittedPlaces(List<UUID> placeIds, @Nullable Instant admittedUntil, long waiting) {
}
