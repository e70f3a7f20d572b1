package io.minitickets.api.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Verification of access tokens and passwords ({@code minitickets.auth.*}).
 *
 * @param verifiedTokenCacheSize the most verified access tokens remembered until their expiry, so that a token is
 * verified once rather than on every request (about 2 KB each); 250,000 so that issue 18's 100,000 customers waiting
 * on one instance, each asking its position with its own token, fit beside everyone else signed in (at 100,000 the
 * waiting-room bench's 111,000 accounts evicted each other and 7.6 % of position answers' CPU was full JWT decoding;
 * docs/BENCHMARKS.md); ~500 MB of heap when full
 * @param passwordCheckThreads the platform threads that run password hashes; 0 for one per core
 * @param passwordCheckQueue the most log-ins that may wait for a hashing thread; beyond it, and the threads busy, a
 * log-in is answered 503 at once instead of waiting
 * @param passwordCheckRetryAfter the Retry-After of that 503 (whole seconds, at least 1)
 */
@ConfigurationProperties("minitickets.auth")
public record AuthProperties(@DefaultValue("250000") long verifiedTokenCacheSize,
		@DefaultValue("0") int passwordCheckThreads, @DefaultValue("32") int passwordCheckQueue,
		@DefaultValue("1s") Duration passwordCheckRetryAfter) {

	/**
	 * @return the hashing threads, with 0 resolved to the number of cores
	 */
	public int effectivePasswordCheckThreads() {
		return (this.passwordCheckThreads > 0) ? this.passwordCheckThreads
				: Runtime.getRuntime().availableProcessors();
	}

}
