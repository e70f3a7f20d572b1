package io.minitickets.worker.expiry;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The expiry of unpaid holds ({@code minitickets.holds.*}).
 *
 * @param expiryInterval the longest pause between the end of one expiry run and the start of the next; the expirer
 * wakes sooner when the next open hold is due sooner, so this bounds only how late a hold that no run saw before its
 * due instant is found (one written less than this before it is due, or left by a failed run). 200 ms
 * @param chunk the most holds of one event one transaction expires (1 to 50,000); an event with more due is expired
 * in several transactions, one after the other, each holding the event's row lock only for its own chunk. 5,000
 * bookings keep each transaction and its one RETURN call (a script run of ~1 µs a booking in Valkey) short
 */
@ConfigurationProperties("minitickets.holds")
public record HoldProperties(@DefaultValue("200ms") Duration expiryInterval, @DefaultValue("5000") int chunk) {

	/**
	 * @throws IllegalArgumentException when the interval is not positive or the chunk outside 1 to 50,000
	 */
	public HoldProperties {
		if (expiryInterval.isNegative() || expiryInterval.isZero()) {
			throw new IllegalArgumentException(
					"minitickets.holds.expiry-interval must be positive, was " + expiryInterval);
		}
		if (chunk < 1 || chunk > 50_000) {
			throw new IllegalArgumentException("minitickets.holds.chunk must be 1 to 50000, was " + chunk);
		}
	}

}
