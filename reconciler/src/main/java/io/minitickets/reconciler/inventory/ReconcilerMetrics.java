package io.minitickets.reconciler.inventory;

import java.util.Locale;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.core.inventory.ReconcileResult;
import org.springframework.stereotype.Component;

/**
 * The reconciler's Micrometer meters ({@code minitickets.reconciler.*}): passes, pass duration, events checked, drift
 * found, seats repaired and leases expired.
 */
@Component
class ReconcilerMetrics {

	private static final String PREFIX = "minitickets.reconciler.";

	private final MeterRegistry registry;

	private final Timer passDuration;

	private final Counter leasesExpired;

	ReconcilerMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.passDuration = Timer.builder(PREFIX + "pass.duration")
			.description("How long one reconcile pass took")
			.register(registry);
		this.leasesExpired = Counter.builder(PREFIX + "leases.expired")
			.description("Leases removed because they outlived their TTL")
			.register(registry);
	}

	/**
	 * Times one pass and counts it by its outcome.
	 * @param pass the pass
	 * @return its outcome
	 */
	PassOutcome timePass(Supplier<PassOutcome> pass) {
		PassOutcome outcome = this.passDuration.record(pass);
		Counter.builder(PREFIX + "passes")
			.description("Reconcile passes, by outcome")
			.tag("outcome", outcome.tag())
			.register(this.registry)
			.increment();
		return outcome;
	}

	/**
	 * Counts one event whose counter was compared with the truth.
	 * @param kind what the compare-and-set did
	 */
	void eventChecked(ReconcileResult.Kind kind) {
		Counter.builder(PREFIX + "events.checked")
			.description("Events whose gate counter was compared with Postgres, by result")
			.tag("result", kind.name().toLowerCase(Locale.ROOT).replace('_', '-'))
			.register(this.registry)
			.increment();
	}

	/**
	 * Counts repairs of one cause.
	 * @param cause why the gate was changed
	 * @param found how many things were wrong: 1 for a counter, one per lease
	 * @param seats how many seats the counter moved by (for leases: seats given back)
	 */
	void repaired(RepairCause cause, int found, long seats) {
		Counter.builder(PREFIX + "drift.found")
			.description("Differences between the gate and Postgres, by cause")
			.tag("cause", cause.tag())
			.register(this.registry)
			.increment(found);
		Counter.builder(PREFIX + "seats.repaired")
			.description("Seats by which repairs moved gate counters, by cause")
			.tag("cause", cause.tag())
			.register(this.registry)
			.increment(seats);
		if (cause == RepairCause.EXPIRED_LEASE) {
			this.leasesExpired.increment(found);
		}
	}

}
