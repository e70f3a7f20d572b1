package io.minitickets.core.inventory;

import io.minitickets.core.ratelimit.RateLimitDecision;
import org.jspecify.annotations.Nullable;

/**
 * What {@link InventoryGate#reserveAfterToken} answered.
 *
 * @param token the token bucket's decision
 * @param reservation what RESERVE did; null when the token was denied (RESERVE did not run)
 */
public record TokenAndReservation(RateLimitDecision token, @Nullable Reservation reservation) {

}
