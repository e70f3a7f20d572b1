package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.client.LoadUser;

/**
 * {@code accepting}: bookings accepted (limiter + gate + PENDING + the Kafka ack, answered 202) on an event of
 * 1,000,000 seats (the API's largest), against the stack's api-service: throughput and api-service's CPU per request at
 * saturation. The worker settles them meanwhile, in its own process; the figure ends when it has caught up (every
 * record committed), so the next figure starts on a stack with no backlog, and reports how long that took.
 */
public final class AcceptingFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "accepting";

	private static final int PLENTY_OF_SEATS = 1_000_000;

	/** The longest wait for the worker to settle the figure's bookings after the run. */
	private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(10);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		long eventId = stack.createEvent("accepting", PLENTY_OF_SEATS);
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
			Saturation saturation = Saturation.measure(context, NAME, generator,
					new Bookings(stack.api(), eventId, users), stack.apiCpu());
			LoadRun run = saturation.run();
			context.progress("%s: waiting until the worker has settled every booking...", NAME);
			long caughtUpMs = stack.awaitWorkerCaughtUp(CATCH_UP_TIMEOUT);
			Figures figures = new Figures(CeilingFigure.round(run.requestsPerSecond()),
					CeilingFigure.round(run.latencyMs(99)), CeilingFigure.round(run.latencyMs(50)),
					CeilingFigure.round(saturation.cpuMicrosPerRequest()), users.size(), run.unexpected(202),
					caughtUpMs);
			List<Bar> bars = new ArrayList<>();
			bars.add(Ceilings.share(context, "accepting req/s", figures.rps(), 0.12));
			bars.add(Bar.atMost("accepting api-service CPU µs/request", figures.apiCpuMicrosPerRequest(), "%.0f", 250));
			bars.add(Bar.report("accepting p99 ms, closed model", String.format("%.1f", figures.p99Ms())));
			bars.add(Bar.report("accepting: ms until the worker caught up after the run",
					String.format("%,d", figures.workerCaughtUpMs())));
			if (figures.unexpected() > 0) {
				bars.add(Bar.report("accepting answers other than 202", Long.toString(figures.unexpected())));
			}
			return new Measured(figures, bars, List.of());
		}
	}

	/**
	 * The accepting figure's figures.
	 *
	 * @param rps requests answered per second at saturation
	 * @param p99Ms 99th percentile latency at saturation, in ms
	 * @param p50Ms median latency at saturation, in ms
	 * @param apiCpuMicrosPerRequest api-service's CPU time per request at saturation, in µs
	 * @param users users the requests were spread over
	 * @param unexpected answers other than 202, lost requests included
	 * @param workerCaughtUpMs from the end of the measured run until the worker had committed every record, in ms
	 */
	public record Figures(double rps, double p99Ms, double p50Ms, double apiCpuMicrosPerRequest, int users,
			long unexpected, long workerCaughtUpMs) {

	}

}
