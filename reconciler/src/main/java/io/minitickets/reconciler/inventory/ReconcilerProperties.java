package io.minitickets.reconciler.inventory;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The reconcile pass ({@code minitickets.reconciler.*}).
 *
 * @param interval the pause between the end of one pass and the start of the next (DESIGN.md default: 5 s)
 * @param batchSize the most events one pass checks; active events first (a missing counter, a lease, seats sold
 * since their last check), then quiet ones least recently checked first; a larger backlog is worked through over
 * several passes (DESIGN.md default: 50)
 * @param expiredLeasesPerEvent the most expired leases one pass settles for one event, so a huge backlog of expired
 * leases cannot hold a pass for long
 * @param orphanGrace the least age of a live lease whose booking a pass looks up in Postgres to settle it as an orphan
 * (its worker's settle lost): younger leases are left to their workers' settles, so a pass does not read every live
 * lease's booking; an orphan is so settled at most this long plus one interval after its RESERVE
 */
@ConfigurationProperties("minitickets.reconciler")
public record ReconcilerProperties(@DefaultValue("5s") Duration interval, @DefaultValue("50") int batchSize,
		@DefaultValue("500") int expiredLeasesPerEvent, @DefaultValue("10s") Duration orphanGrace) {

	/**
	 * @throws IllegalArgumentException when the interval is not positive, a limit is below 1 or the grace negative
	 */
	public ReconcilerProperties {
		if (interval.isNegative() || interval.isZero()) {
			throw new IllegalArgumentException("minitickets.reconciler.interval must be positive, was " + interval);
		}
		if (batchSize < 1) {
			throw new IllegalArgumentException("minitickets.reconciler.batch-size must be at least 1, was " + batchSize);
		}
		if (expiredLeasesPerEvent < 1) {
			throw new IllegalArgumentException(
					"minitickets.reconciler.expired-leases-per-event must be at least 1, was " + expiredLeasesPerEvent);
		}
		if (orphanGrace.isNegative()) {
			throw new IllegalArgumentException(
					"minitickets.reconciler.orphan-grace must not be negative, was " + orphanGrace);
		}
	}

}
