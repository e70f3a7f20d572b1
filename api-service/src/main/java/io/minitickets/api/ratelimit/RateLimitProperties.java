package io.minitickets.api.ratelimit;

import java.time.Duration;

import io.minitickets.core.ratelimit.BucketPolicy;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The API's token buckets ({@code minitickets.rate-limit.*}); defaults from DESIGN.md. Both bucket policies are checked
 * when the properties are bound, so a bucket that cannot work stops the service at start-up with a message naming the
 * property, rather than failing every request that takes a token.
 *
 * @param bookingCapacity tokens of a user's booking bucket (burst size, at least 1)
 * @param bookingRefillInterval time to refill one booking token (whole milliseconds, at least 1 ms)
 * @param loginCapacity tokens of a client IP's login bucket (at least 1)
 * @param loginRefillInterval time to refill one login token (whole milliseconds, at least 1 ms)
 * @param trustProxyHops proxies in front of the API that append to X-Forwarded-For; 0 uses the socket peer
 * ({@code TRUST_PROXY_HOPS})
 * @param partitionKeySecret the secret the {@code pk} of the RateLimit fields is hashed with (any text, the same on
 * every instance of a deployment: a user's pk changes with it); unset or empty, the default, for the access tokens'
 * signing key ({@code minitickets.jwt.secret})
 */
@ConfigurationProperties("minitickets.rate-limit")
@Validated
public record RateLimitProperties(@DefaultValue("10") int bookingCapacity,
		@DefaultValue("1s") Duration bookingRefillInterval, @DefaultValue("20") int loginCapacity,
		@DefaultValue("3s") Duration loginRefillInterval, @DefaultValue("0") @Min(0) int trustProxyHops,
		@Nullable String partitionKeySecret) {

	/**
	 * @throws IllegalArgumentException when a capacity is not positive, or a refill interval is under 1 ms or not a
	 * whole number of milliseconds (the token bucket counts in ms); the message names the property
	 */
	public RateLimitProperties {
		checkPolicy("booking", bookingCapacity, bookingRefillInterval);
		checkPolicy("login", loginCapacity, loginRefillInterval);
	}

	private static void checkPolicy(String bucket, int capacity, Duration refillInterval) {
		String prefix = "minitickets.rate-limit." + bucket;
		if (capacity <= 0) {
			throw new IllegalArgumentException(prefix + "-capacity must be at least 1, was " + capacity);
		}
		if (refillInterval.toMillis() <= 0) {
			throw new IllegalArgumentException(
					prefix + "-refill-interval must be at least 1 ms, was " + refillInterval);
		}
		if (refillInterval.toNanosPart() % 1_000_000 != 0) {
			throw new IllegalArgumentException(prefix
					+ "-refill-interval must be whole milliseconds (the token bucket counts in ms), was " + refillInterval);
		}
	}

	/**
	 * @param signingKey the access tokens' signing key
	 * @return the secret of the partition keys: {@code partitionKeySecret}, or the signing key when it is unset or empty
	 */
	public String partitionKeySecretOr(String signingKey) {
		return (this.partitionKeySecret == null || this.partitionKeySecret.isEmpty()) ? signingKey
				: this.partitionKeySecret;
	}

	/** @return the booking bucket's policy */
	public BucketPolicy bookingPolicy() {
		return new BucketPolicy(this.bookingCapacity, this.bookingRefillInterval);
	}

	/** @return the login bucket's policy */
	public BucketPolicy loginPolicy() {
		return new BucketPolicy(this.loginCapacity, this.loginRefillInterval);
	}

}
