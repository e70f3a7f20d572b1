package io.minitickets.core.waitingroom;

import java.util.UUID;

/**
 * The answer to a join.
 *
 * @param placeId the account's place
 * @param joinedNow true when this join took it, false when the account had it already
 */
public record JoinedPlace(UUID placeId, boolean joinedNow) {
}
