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
 * in several transactions, each holding the event's row lock only for its own chunk's seats. 5,000 bookings keep each
 * transaction and its one RETURN call (a script run of ~1 µs a booking in Valkey) short
 * @param expiryParallelism how many transactions (and Postgres connections) expire one event's due holds at once,
 * each its own chunks (1 to 16): a chunk's UPDATE is ~21 µs a hold of one connection (a new tuple and index entries
 * per hold), so 100,000 holds due at once took 2.1 s of one connection (docs/BENCHMARKS.md, "Expiry"). 2
 * @param expiryLockTimeout the longest a chunk that has made its holds EXPIRED waits for the event's row lock
 * ({@code lock_timeout}, whole milliseconds, 1 ms to 10 s); past it the chunk is rolled back and done again in the
 * order the other transitions take, event first (a payment holding the event's row lock may be waiting for one of the
 * chunk's holds). 300 ms: less than Postgres's {@code deadlock_timeout} (1 s), so that of a payment and an expirer
 * waiting on each other the expirer gives way
 */
@ConfigurationProperties("minitickets.holds")
public record HoldProperties(@DefaultValue("200ms") Duration expiryInterval, @DefaultValue("5000") int chunk,
		@DefaultValue("2") int expiryParallelism, @DefaultValue("300ms") Duration expiryLockTimeout) {

	/**
	 * @throws IllegalArgumentException when the interval is not positive, the chunk outside 1 to 50,000, the
	 * parallelism outside 1 to 16 or the lock timeout outside 1 ms to 10 s
	 */
	public HoldProperties {
		if (expiryInterval.isNegative() || expiryInterval.isZero()) {
			throw new IllegalArgumentException(
					"minitickets.holds.expiry-interval must be positive, was " + expiryInterval);
		}
		if (chunk < 1 || chunk > 50_000) {
			throw new IllegalArgumentException("minitickets.holds.chunk must be 1 to 50000, was " + chunk);
		}
		if (expiryParallelism < 1 || expiryParallelism > 16) {
			throw new IllegalArgumentException(
					"minitickets.holds.expiry-parallelism must be 1 to 16, was " + expiryParallelism);
		}
		if (expiryLockTimeout.toMillis() < 1 || expiryLockTimeout.compareTo(Duration.ofSeconds(10)) > 0) {
			throw new IllegalArgumentException(
					"minitickets.holds.expiry-lock-timeout must be 1ms to 10s, was " + expiryLockTimeout);
		}
	}

}
