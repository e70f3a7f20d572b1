package io.minitickets.loadtests.bench.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchOptions;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;

/**
 * {@code worker}: the bench's figure for {@link WorkerFigure} — booking-worker draining a pre-filled topic of one hot
 * event against one booking per transaction, held to issue 8's bar of at least 6×. Its stack is its own (no
 * api-service), in a temporary state folder; {@code --scale} sizes the drain (100,000 bookings at 1, at least 1,000)
 * and {@code --seconds} is the baseline's window per round.
 */
public final class WorkerVersusSingleTransactions implements Figure {

	/** The figure's name. */
	public static final String NAME = "worker";

	/** Bookings pre-filled per round at {@code --scale 1}. */
	static final int FULL_BOOKINGS = 100_000;

	/** The smallest drain that still measures a rate rather than a start-up. */
	static final int MIN_BOOKINGS = 1_000;

	/** Measured drains, each followed by a baseline window. */
	static final int ROUNDS = 3;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchOptions options = context.options();
		WorkerResult result = new WorkerFigure(System.out)
			.run(new WorkerFigure.Settings(StateDirectoryOption.checkout(), temporaryStateDirectory(),
					Math.max(MIN_BOOKINGS, options.scaled(FULL_BOOKINGS)), ROUNDS,
					Duration.ofSeconds(options.scriptSeconds())));
		return Measured.of(result,
				Bar.ratioAtLeast("worker: settlements/s vs one booking per transaction", result.ratio(), 6));
	}

	private static Path temporaryStateDirectory() {
		try {
			return Files.createTempDirectory("minitickets-bench-worker-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a state folder for the worker figure's stack", ex);
		}
	}

}
