package io.minitickets.loadtests.chaos;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.chaos.ChaosSettings;


/**
 * Waits, bounded, until the run's stack is quiet: every 202's booking settled in Postgres, two reconcile passes run
 * after that, and the gate back in line with Postgres (or the time is up: what is left is reported, not hidden).
 */
final class Quiescence {

	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration DEAD_LETTER_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration POLL = Duration.ofMillis(500);

	private final Inspector inspector;

	private final ChaosSettings settings;

	/**
	 * @param inspector reads Postgres and the gate
	 * @param settings the services' lease TTL and reconcile interval
	 */
	Quiescence(Inspector inspector, ChaosSettings settings) {
		this.inspector = inspector;
		this.settings = settings;
	}

	/**
	 * Waits until every accepted booking is in Postgres (at most 180 s).
	 * @param acceptedIds the booking ids of every 202
	 * @return the ids still missing from Postgres when the wait ended: lost 202s
	 */
	List<String> awaitSettled(Collection<String> acceptedIds) {
		long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
		while (true) {
			Set<String> settled = this.inspector.settledIds();
			List<String> missing = acceptedIds.stream()
				.filter((id) -> !settled.contains(id.toLowerCase(Locale.ROOT)))
				.toList();
			if (missing.isEmpty() || System.nanoTime() - deadline > 0) {
				return missing;
			}
			ProcessWaits.pause(POLL);
		}
	}

	/**
	 * Waits until every payment the provider took has reached its booking (at most 180 s: a webhook the provider
	 * could not deliver during a fault is retried with back-off, 1 s doubling).
	 * @param chargedIds the booking ids the payment simulator took a payment for
	 * @return the ids without a succeeded payment in Postgres when the wait ended: customers charged for nothing
	 */
	List<String> awaitPaymentsApplied(Collection<String> chargedIds) {
		long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
		while (true) {
			Set<String> paid = this.inspector.paidIds();
			List<String> missing = chargedIds.stream()
				.filter((id) -> !paid.contains(id.toLowerCase(Locale.ROOT)))
				.toList();
			if (missing.isEmpty() || System.nanoTime() - deadline > 0) {
				return missing;
			}
			ProcessWaits.pause(POLL);
		}
	}

	/**
	 * Lets two reconcile passes run, then waits until no event's gate drifts from Postgres, at most the lease TTL
	 * plus four reconcile intervals plus 10 s (a lease orphaned by a fault comes back only once it expired).
	 * @return every event as it is when the wait ended
	 */
	List<EventFacts> awaitGateRepaired() {
		Duration interval = this.settings.reconcileInterval();
		ProcessWaits.pause(interval.multipliedBy(2).plusMillis(500));
		long deadline = System.nanoTime()
			+ this.settings.leaseTtl().plus(interval.multipliedBy(4)).plusSeconds(10).toNanos();
		while (true) {
			List<EventFacts> events = this.inspector.events();
			if (events.stream().allMatch((event) -> event.drift() == 0) || System.nanoTime() - deadline > 0) {
				return events;
			}
			ProcessWaits.pause(POLL);
		}
	}

	/**
	 * Waits until the dead-letter topic holds at least the poison records sent (at most 60 s): the worker dead-letters
	 * a poison record when it polls its partition, which may come after every good booking settled.
	 * @param poisonSent how many poison records the run produced
	 * @return how many records the dead-letter topic holds when the wait ended
	 */
	long awaitDeadLetters(int poisonSent) {
		long deadline = System.nanoTime() + DEAD_LETTER_TIMEOUT.toNanos();
		while (true) {
			long deadLetters = this.inspector.deadLetters();
			if (deadLetters >= poisonSent || System.nanoTime() - deadline > 0) {
				return deadLetters;
			}
			ProcessWaits.pause(POLL);
		}
	}

}
