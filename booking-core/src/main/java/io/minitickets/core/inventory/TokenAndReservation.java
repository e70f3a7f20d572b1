package io.minitickets.core.inventory;

import io.minitickets.core.ratelimit.RateLimitDecision;
import org.jspecify.annotations.Nullable;

/**
 * What {@link InventoryGate#reserveAfterToken} answered.
 *
 * @param token the token bucket's decision
 * @param reservation what RESERVE did; null when the token was denied (RESERVE did not run) or RESERVE failed
 * @param gateFailure RESERVE's runtime error as Valkey reported it (a gate key of the wrong type, a counter that does
 * not parse), or null when it did not fail: the token was taken, the gate could not judge, and the caller goes on
 * ungated as when the gate alone fails (DESIGN.md, invariant 6)
 * @param keyBusy for a call that claims an Idempotency-Key ({@link InventoryGate#claimAndReserveAfterToken}): true
 * when the key already held something, so nothing was claimed nor reserved (the token was taken); false otherwise
 */
public record TokenAndReservation(RateLimitDecision token, @Nullable Reservation reservation,
		@Nullable String gateFailure, boolean keyBusy) {

}
