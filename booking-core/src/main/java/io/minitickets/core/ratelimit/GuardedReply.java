package io.minitickets.core.ratelimit;

import java.util.List;

/**
 * What one call of a {@link TokenGuardedScript} answered.
 *
 * @param decision the token bucket's decision
 * @param reply the guarded script's reply, integers in its order; empty when the token was denied (the guarded script
 * did not run)
 */
public record GuardedReply(RateLimitDecision decision, List<Long> reply) {

}
