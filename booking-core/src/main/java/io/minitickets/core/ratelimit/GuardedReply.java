package io.minitickets.core.ratelimit;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What one call of a {@link TokenGuardedScript} answered.
 *
 * @param decision the token bucket's decision
 * @param reply the guarded script's reply in its order, Lua numbers as {@link Long}, strings as {@link String}; empty
 * when the token was denied (the guarded script did not run) or the guarded script failed
 * @param failure the guarded script's runtime error as Valkey reported it (for example {@code WRONGTYPE ...}), or
 * null when it did not fail; the token was taken all the same
 */
public record GuardedReply(RateLimitDecision decision, List<Object> reply, @Nullable String failure) {

}
