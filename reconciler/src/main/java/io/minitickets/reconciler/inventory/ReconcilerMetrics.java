package io.minitickets.reconciler.inventory;

import java.util.Locale;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.reconcile.RepairCause;
import org.springframework.stereotype.Component;

/**
 * The reconciler's Micrometer meters ({@code minitickets.reconciler.*}): passes, pass duration, events checked and
 * failed, drift found, seats repaired, leases expired and quarantined. Every tag value is registered at start, so
 * each series exists (at 0) from the first scrape.
 */
@Component
class ReconcilerMetrics {

	private static final String PREFIX = "minitickets.reconciler.";

	private final MeterRegistry registry;

	private final Timer passDuration;

	private final Counter leasesExpired;

	private final Counter eventsFailed;

	private final Counter leasesQuarantined;

	ReconcilerMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.passDuration = Timer.builder(PREFIX + "pass.duration")
			.description("How long one reconcile pass took")
			.register(registry);
		this.leasesExpired = Counter.builder(PREFIX + "leases.expired")
			.description("Leases removed because they outlived their TTL")
			.register(registry);
		this.eventsFailed = Counter.builder(PREFIX + "events.failed")
			.description("Events whose reconcile failed in a pass; the other events of the pass went on")
			.register(registry);
		this.leasesQuarantined = Counter.builder(PREFIX + "leases.quarantined")
			.description("Lease entries that did not parse, moved to their event's quarantine hash")
			.register(registry);
		for (RepairCause cause : RepairCause.values()) {
			driftFound(cause);
			seatsRepaired(cause);
		}
		for (ReconcileResult.Kind kind : ReconcileResult.Kind.values()) {
			eventsChecked(kind);
		}
		passes("completed");
		for (PassOutcome.Skip skip : PassOutcome.Skip.values()) {
			passes(new PassOutcome(0, 0, skip).tag());
		}
	}

	/**
	 * Counts one event whose reconcile failed (and was rolled back to its savepoint) while the pass went on.
	 */
	void eventFailed() {
		this.eventsFailed.increment();
	}

	/**
	 * Counts lease entries moved aside because they did not parse.
	 * @param entries how many
	 */
	void leasesQuarantined(long entries) {
		this.leasesQuarantined.increment(entries);
	}

	/**
	 * Times one pass and counts it by its outcome.
	 * @param pass the pass
	 * @return its outcome
	 */
	PassOutcome timePass(Supplier<PassOutcome> pass) {
		PassOutcome outcome = this.passDuration.record(pass);
		passes(outcome.tag()).increment();
		return outcome;
	}

	/**
	 * Counts one event whose counter was compared with the truth.
	 * @param kind what the compare-and-set did
	 */
	void eventChecked(ReconcileResult.Kind kind) {
		eventsChecked(kind).increment();
	}

	/**
	 * Counts repairs of one cause.
	 * @param cause why the gate was changed
	 * @param found how many things were wrong: 1 for a counter, one per lease
	 * @param seats how many seats the counter moved by (for leases: seats given back)
	 */
	void repaired(RepairCause cause, int found, long seats) {
		driftFound(cause).increment(found);
		seatsRepaired(cause).increment(seats);
		if (cause == RepairCause.EXPIRED_LEASE) {
			this.leasesExpired.increment(found);
		}
	}

	private Counter passes(String outcome) {
		return Counter.builder(PREFIX + "passes")
			.description("Reconcile passes, by outcome")
			.tag("outcome", outcome)
			.register(this.registry);
	}

	private Counter eventsChecked(ReconcileResult.Kind kind) {
		return Counter.builder(PREFIX + "events.checked")
			.description("Events whose gate counter was compared with Postgres, by result")
			.tag("result", kind.name().toLowerCase(Locale.ROOT).replace('_', '-'))
			.register(this.registry);
	}

	private Counter driftFound(RepairCause cause) {
		return Counter.builder(PREFIX + "drift.found")
			.description("Differences between the gate and Postgres, by cause")
			.tag("cause", cause.tag())
			.register(this.registry);
	}

	private Counter seatsRepaired(RepairCause cause) {
		return Counter.builder(PREFIX + "seats.repaired")
			.description("Seats by which repairs moved gate counters, by cause")
			.tag("cause", cause.tag())
			.register(this.registry);
	}

}
