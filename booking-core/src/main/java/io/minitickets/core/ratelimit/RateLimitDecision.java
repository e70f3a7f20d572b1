package io.minitickets.core.ratelimit;

/**
 * What a token bucket said about one request.
 *
 * @param allowed true when a token was taken; false when the bucket was empty (and nothing changed)
 * @param tokensLeft whole tokens left after this take (0 when denied)
 * @param retryAfterMs ms until one token is there again; 0 when allowed
 * @param fullInMs ms until the bucket is full again after this take, at its refill rate if no one takes meanwhile; 0
 * when denied (not computed: a denial's answer needs only {@code retryAfterMs})
 */
public record RateLimitDecision(boolean allowed, long tokensLeft, long retryAfterMs, long fullInMs) {

	/**
	 * The value of a {@code Retry-After} header: whole seconds, rounded up, never 0.
	 * @return ceil(retryAfterMs / 1000), at least 1
	 * @see <a href="https://www.rfc-editor.org/rfc/rfc9110#name-retry-after">RFC 9110, Retry-After</a>
	 */
	public long retryAfterSeconds() {
		return Math.max(1, (this.retryAfterMs + 999) / 1000);
	}

}
