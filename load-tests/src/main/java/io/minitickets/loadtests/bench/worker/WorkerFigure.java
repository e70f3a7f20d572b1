package io.minitickets.loadtests.bench.worker;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackStarter;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateStore;

/**
 * Settlements per second of the real booking-worker on one hot event, against one booking per transaction on the
 * same Postgres, in the same run.
 * <p>
 * Starts a stack of its own with no api-service: a Kafka broker, a database on the configured Postgres, a key prefix
 * on the configured Valkey, and the booking-worker's jar (which migrates the schema, as api-service would). A warm-up
 * drain of a tenth of the bookings (at least 1,000) and an unmeasured second of the baseline come first. Then each
 * round pre-fills {@code bookings.requested} with the bookings of a fresh event of exactly that many seats (see
 * {@link PreFilledDrain}), times the worker until it settled them all, checks in Postgres that every one was
 * confirmed once, and runs the baseline on another event for the baseline window. Everything is stopped, the
 * database dropped and the keys deleted at the end.
 */
public final class WorkerFigure {

	/** booking-worker's {@code spring.datasource.hikari.maximum-pool-size}: the connections the baseline gets. */
	static final int WORKER_POOL_SIZE = 4;

	private static final int MIN_WARM_UP_BOOKINGS = 1_000;

	/** The baseline event's seats: more than any window can sell. */
	private static final int BASELINE_SEATS = 1_000_000_000;

	private final PrintStream out;

	/**
	 * @param out where progress and the figure are printed
	 */
	public WorkerFigure(PrintStream out) {
		this.out = out;
	}

	/**
	 * Runs the figure on a stack it starts and stops.
	 * @param settings where the jars and the stack's state go, and how much to measure
	 * @return both rates
	 * @throws StackException when a part does not start, the worker does not settle every booking in time or Postgres
	 * disagrees with what was sent
	 */
	public WorkerResult run(Settings settings) {
		StateStore store = new StateStore(settings.stateDirectory());
		StackState stack = new StackStarter(store, settings.checkout(), this.out).start(true);
		try {
			ManagedProcess worker = new ServiceLauncher(new ProcessLauncher(settings.checkout()), settings.checkout(),
					store.directory().resolve("logs"))
				.start(Service.BOOKING_WORKER, Service.BOOKING_WORKER.module(), stack, true, FreePorts.allocate(2),
						Map.of("MINITICKETS_SCHEMA_MIGRATE", "true"));
			stack = stack.withProcess(worker);
			store.save(stack);
			Readiness.awaitHealthy(worker, ServiceLauncher.READY_TIMEOUT);
			this.out.printf("booking-worker is healthy (pid %d, log %s)%n", worker.pid(), worker.logFile());
			return measure(settings, Objects.requireNonNull(stack.postgres()),
					Objects.requireNonNull(stack.kafkaBootstrapServers()));
		}
		finally {
			new StackStopper(store, this.out).stop(store.load().orElse(stack));
		}
	}

	private WorkerResult measure(Settings settings, PostgresEndpoint postgres, String kafka) {
		SingleTransactionBaseline baseline = new SingleTransactionBaseline(postgres, WORKER_POOL_SIZE);
		try (Events events = new Events(postgres); PreFilledDrain drain = new PreFilledDrain(kafka)) {
			int warmUp = Math.max(MIN_WARM_UP_BOOKINGS, settings.bookings() / 10);
			this.out.printf("Warming up: the worker drains %,d bookings, the baseline runs 1 s...%n", warmUp);
			drain.drain(events.create("bench warm-up", warmUp), warmUp, timeout(warmUp));
			long baselineEvent = events.create("bench baseline", BASELINE_SEATS);
			baseline.run(baselineEvent, Duration.ofSeconds(1));
			long settled = 0;
			Duration draining = Duration.ZERO;
			long committed = 0;
			Duration committing = Duration.ZERO;
			for (int round = 1; round <= settings.rounds(); round++) {
				long hot = events.create("bench hot event " + round, settings.bookings());
				Duration took = drain.drain(hot, settings.bookings(), timeout(settings.bookings()));
				events.requireAllConfirmed(hot, settings.bookings());
				long singles = baseline.run(baselineEvent, settings.baselineWindow());
				this.out.printf(Locale.ROOT, "Round %d of %d: the worker settled %,d bookings in %d ms (%,.0f/s); "
						+ "one per transaction: %,d in %d ms (%,.0f/s)%n", round, settings.rounds(),
						settings.bookings(), took.toMillis(), perSecond(settings.bookings(), took), singles,
						settings.baselineWindow().toMillis(), perSecond(singles, settings.baselineWindow()));
				settled += settings.bookings();
				draining = draining.plus(took);
				committed += singles;
				committing = committing.plus(settings.baselineWindow());
			}
			WorkerResult result = new WorkerResult(perSecond(settled, draining), perSecond(committed, committing));
			this.out.printf(Locale.ROOT, "Worker %,.0f settlements/s, one per transaction (%d connections) %,.0f/s: "
					+ "%.1f× (bar 6×)%n", result.settlementsPerSec(), WORKER_POOL_SIZE,
					result.singleTxnBaselinePerSec(), result.ratio());
			return result;
		}
	}

	/** A worker slower than 100 bookings a second (and two minutes) is broken, not slow: a busy machine is slow. */
	private static Duration timeout(int bookings) {
		return Duration.ofSeconds(Math.max(120, bookings / 100));
	}

	private static double perSecond(long count, Duration time) {
		return count / (time.toNanos() / 1e9);
	}

	/**
	 * How the worker figure runs.
	 *
	 * @param checkout the checkout's root folder, where booking-worker's jar is built
	 * @param stateDirectory the private stack's state folder (its logs stay there)
	 * @param bookings bookings pre-filled per round, one seat each; the hot event has exactly that many seats
	 * @param rounds measured drains, each followed by a baseline window
	 * @param baselineWindow how long the baseline runs after each drain
	 */
	public record Settings(Path checkout, Path stateDirectory, int bookings, int rounds, Duration baselineWindow) {

	}

}
