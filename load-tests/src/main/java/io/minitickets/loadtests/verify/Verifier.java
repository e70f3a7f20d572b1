package io.minitickets.loadtests.verify;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.lettuce.core.RedisException;

import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * After a run, checks the stack's Postgres, Valkey and Kafka for the run's events: nothing oversold, no seat left
 * after a request was refused as sold out, every 202 settled in Postgres, the gate in line with Postgres, and the
 * worker's consumer group caught up. It waits, bounded, for the stack to be quiet first: every 202 in Postgres
 * (settle timeout), then no drift and no lag (quiet timeout: reconcile passes repair drift), returning as soon as
 * that holds; what is left when a wait ends is reported, not hidden. A read that fails is tried again until its
 * wait ends.
 */
public final class Verifier {

	private static final Duration POLL = Duration.ofMillis(250);

	private final Inspector inspector;

	private final Duration settleTimeout;

	private final Duration quietTimeout;

	/**
	 * @param inspector reads the stack
	 * @param settleTimeout how long the 202s may take to reach Postgres
	 * @param quietTimeout how long the gate may take to be repaired and the worker to commit its offsets, after that
	 */
	public Verifier(Inspector inspector, Duration settleTimeout, Duration quietTimeout) {
		this.inspector = inspector;
		this.settleTimeout = settleTimeout;
		this.quietTimeout = quietTimeout;
	}

	/**
	 * @param sale the run's events, 202s and sold-out refusals
	 * @return the figures
	 * @throws StackException when Postgres, Valkey or Kafka cannot be read until a wait ends
	 */
	public Verification verify(Sale sale) {
		List<String> unsettled = await(() -> {
			Set<String> settled = this.inspector.settledIds();
			return sale.acceptedIds()
				.stream()
				.filter((id) -> !settled.contains(id.toLowerCase(Locale.ROOT)))
				.sorted()
				.toList();
		}, List::isEmpty, this.settleTimeout);
		Quiet quiet = await(() -> new Quiet(this.inspector.events(sale.eventIds()), this.inspector.consumerLag()),
				Quiet::reached, this.quietTimeout);
		PaidFacts paid = await(() -> this.inspector.paid(sale.eventIds()), (facts) -> true, this.quietTimeout);
		Verification verification = Verification.of(quiet.events(), unsettled, quiet.lag(), sale.soldOutRefusals(),
				paid);
		return sale.seatsComeBack() ? verification.withoutUndersold() : verification;
	}

	// A read that fails (a broker, database or Valkey too busy to answer in time) is tried again until the wait ends.
	private static <T> T await(Supplier<T> read, Predicate<T> done, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			try {
				T value = read.get();
				if (done.test(value) || System.nanoTime() - deadline > 0) {
					return value;
				}
			}
			catch (StackException | RedisException ex) {
				if (System.nanoTime() - deadline > 0) {
					throw ex;
				}
			}
			ProcessWaits.pause(POLL);
		}
	}

	private record Quiet(List<EventFacts> events, long lag) {

		boolean reached() {
			return this.lag == 0 && this.events.stream().allMatch((event) -> event.drift() == 0);
		}

	}

}
