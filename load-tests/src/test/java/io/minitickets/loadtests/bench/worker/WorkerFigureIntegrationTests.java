package io.minitickets.loadtests.bench.worker;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StateStore;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker figure, small-sized: the real booking-worker on a stack of the figure's own drains a pre-filled topic
 * of 1,000 bookings for a 1,000-seat event (every one confirmed once, or the figure fails), the baseline books one
 * per transaction for 1 s, and the stack is gone afterwards. Needs booking-worker's jar (the reactor packages it
 * before load-tests). Ten minutes: on a saturated 2-core machine the broker and the worker alone took over four to
 * start.
 */
class WorkerFigureIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@Test
	@Timeout(value = 10, unit = TimeUnit.MINUTES)
	void settlesEveryPreFilledBookingAndMeasuresTheBaselineOnTheSamePostgres(@TempDir Path state) {
		assertThat(Service.BOOKING_WORKER.jar(CHECKOUT)).as("build the worker first: ./mvnw package").exists();
		ByteArrayOutputStream printed = new ByteArrayOutputStream();

		WorkerResult result = new WorkerFigure(new PrintStream(printed, true, StandardCharsets.UTF_8))
			.run(new WorkerFigure.Settings(CHECKOUT, state, 1_000, 1, Duration.ofSeconds(1)));

		String log = printed.toString(StandardCharsets.UTF_8);
		assertThat(result.settlementsPerSec()).as(log).isPositive();
		assertThat(result.singleTxnBaselinePerSec()).as(log).isPositive();
		assertThat(log).contains("Round 1 of 1: the worker settled 1,000 bookings", "Dropped database");
		assertThat(new StateStore(state).load()).as("the stack's state after the run").isEmpty();
	}

}
