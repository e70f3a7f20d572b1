package io.minitickets.api.auth;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Verification of access tokens and passwords ({@code minitickets.auth.*}).
 *
 * @param verifiedTokenCacheSize the most verified access tokens remembered until their expiry, so that a token is
 * verified once rather than on every request (about 2 KB each)
 * @param passwordCheckThreads the platform threads that run password hashes; 0 for one per core
 * @param passwordCheckQueue the most log-ins that may wait for a hashing thread; beyond it, and the threads busy, a
 * log-in is answered 503 at once instead of waiting
 * @param passwordCheckRetryAfter the Retry-After of that 503 (whole seconds, at least 1)
 */
@ConfigurationProperties("minitickets.auth")
public record AuthProperties(@DefaultValue("100000") long verifiedTokenCacheSize,
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
