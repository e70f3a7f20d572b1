package io.minitickets.api.ratelimit;

import java.time.Duration;

import io.minitickets.core.ratelimit.BucketPolicy;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The API's token buckets ({@code minitickets.rate-limit.*}); defaults from DESIGN.md.
 *
 * @param bookingCapacity tokens of a user's booking bucket (burst size)
 * @param bookingRefillInterval time to refill one booking token
 * @param loginCapacity tokens of a client IP's login bucket
 * @param loginRefillInterval time to refill one login token
 * @param trustProxyHops proxies in front of the API that append to X-Forwarded-For; 0 uses the socket peer
 * ({@code TRUST_PROXY_HOPS})
 */
@ConfigurationProperties("minitickets.rate-limit")
@Validated
public record RateLimitProperties(@DefaultValue("10") @Min(1) int bookingCapacity,
		@DefaultValue("1s") Duration bookingRefillInterval, @DefaultValue("20") @Min(1) int loginCapacity,
		@DefaultValue("3s") Duration loginRefillInterval, @DefaultValue("0") @Min(0) int trustProxyHops) {

	/** @return the booking bucket's policy */
	public BucketPolicy bookingPolicy() {
		return new BucketPolicy(this.bookingCapacity, this.bookingRefillInterval);
	}

	/** @return the login bucket's policy */
	public BucketPolicy loginPolicy() {
		return new BucketPolicy(this.loginCapacity, this.loginRefillInterval);
	}

}
