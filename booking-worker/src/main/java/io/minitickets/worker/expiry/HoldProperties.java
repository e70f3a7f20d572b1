package io.minitickets.worker.expiry;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The expiry of unpaid holds ({@code minitickets.holds.*}).
 *
 * @param expiryInterval the pause between the end of one expiry run and the start of the next; a hold expires at most
 * about this much (plus the run's own time) after its {@code hold_expires_at}. 200 ms leaves most of the 2 s
 * bar (p99 lateness) to the runs themselves
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
