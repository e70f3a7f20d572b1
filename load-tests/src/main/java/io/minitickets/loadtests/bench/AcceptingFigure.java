package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.worker.WorkerResult;
import io.minitickets.loadtests.bench.worker.WorkerVersusSingleTransactions;
import io.minitickets.loadtests.client.LoadUser;

/**
 * {@code accepting} and {@code acceptingKeyed}: bookings accepted (limiter + gate + PENDING + the Kafka ack, answered
 * 202), against the stack's api-service, without an Idempotency-Key or, keyed, with a fresh one on every request as
 * real clients send: throughput and api-service's CPU per request at saturation. The bookings go to events of
 * 1,000,000 seats (the API's largest), each taking over when the one before has had its seats, with as many events as
 * {@value #MAX_RATE} requests a second for the longest warm-up and window would need, so no event sells out while the
 * figure runs. The window's answers are kept by status; over 1 % that are not 202 make the figure void (see
 * {@link AnswerMix}). The worker settles the bookings meanwhile, in its own process; the figure ends when it has caught
 * up (every record committed), so the next figure starts on a stack with no backlog, and reports the backlog the
 * window left and how fast the worker drained it, held to at least half the worker figure's rate in the same run
 * (see {@link CatchUp}).
 */
public final class AcceptingFigure implements Figure {

	/** The figure's name without keys. */
	public static final String NAME = "accepting";

	/** The figure's name with a fresh Idempotency-Key per request. */
	public static final String KEYED_NAME = "acceptingKeyed";

	/** The API's largest event. */
	static final int SEATS_PER_EVENT = 1_000_000;

	/**
	 * Requests per second the events are sized for: far beyond what api-service accepts on this machine (~4,000 a
	 * second in 2026-12-02's runs) and beyond what the load generator's one thread sends (tens of thousands a second).
	 */
	static final int MAX_RATE = 100_000;

	private static final int ACCEPTED = 202;

	/** The longest wait for the worker to settle the figure's bookings after the run. */
	private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(10);

	private final boolean keyed;

	private AcceptingFigure(boolean keyed) {
		this.keyed = keyed;
	}

	/**
	 * @return {@code accepting}: requests without an Idempotency-Key, held to issue 8's bars
	 */
	public static AcceptingFigure withoutKeys() {
		return new AcceptingFigure(false);
	}

	/**
	 * @return {@code acceptingKeyed}: a fresh Idempotency-Key on every request, held to issue 19's CPU bar
	 */
	public static AcceptingFigure withKeys() {
		return new AcceptingFigure(true);
	}

	@Override
	public String name() {
		return this.keyed ? KEYED_NAME : NAME;
	}

	/**
	 * @param options the run's sizes
	 * @return how many events of {@value #SEATS_PER_EVENT} seats the longest warm-up and window need at
	 * {@value #MAX_RATE} requests a second
	 */
	static int events(BenchOptions options) {
		long requests = MAX_RATE * Saturation.longest(options).toSeconds();
		return (int) Math.max(1, (requests + SEATS_PER_EVENT - 1) / SEATS_PER_EVENT);
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		int eventCount = events(context.options());
		context.progress("%s: creating %d events of %,d seats...", name(), eventCount, SEATS_PER_EVENT);
		List<Long> eventIds = IntStream.range(0, eventCount)
			.mapToObj((event) -> stack.createEvent(name() + " " + (event + 1), SEATS_PER_EVENT))
			.toList();
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
			Saturation saturation = Saturation.measure(context, name(), generator,
					new Bookings(stack.api(), eventIds, SEATS_PER_EVENT, users, this.keyed), stack.apiCpu());
			LoadRun run = saturation.run();
			AnswerMix answers = AnswerMix.of(ACCEPTED, run);
			context.progress("%s answers: %s", name(), answers.describe());
			context.progress("%s: waiting until the worker has settled every booking...", name());
			CatchUp catchUp = stack.awaitWorkerCaughtUp(CATCH_UP_TIMEOUT);
			Double drainPerSec = catchUp.drainPerSec();
			Figures figures = new Figures(CeilingFigure.round(run.requestsPerSecond()),
					CeilingFigure.round(run.latencyMs(99)), CeilingFigure.round(run.latencyMs(50)),
					CeilingFigure.round(saturation.cpuMicrosPerRequest()), users.size(), eventCount,
					run.unexpected(ACCEPTED), catchUp.caughtUpMs(), answers.asMap(), answers.isVoid(),
					catchUp.backlogAtEnd(), (drainPerSec != null) ? CeilingFigure.round(drainPerSec) : null);
			return new Measured(figures, bars(context, figures, answers, catchUp), List.of());
		}
	}

	/**
	 * Without keys: issue 8's bars (req/s ≥ 12 % of the ceiling, CPU ≤ 250 µs); with keys: issue 19's CPU bar, req/s
	 * reported. Both: the answer mix, and the worker's drain held to half the worker figure's rate.
	 */
	private List<Bar> bars(BenchContext context, Figures figures, AnswerMix answers, CatchUp catchUp) {
		String label = this.keyed ? "accepting with keys" : "accepting";
		List<Bar> bars = new ArrayList<>();
		if (this.keyed) {
			bars.add(Bar.report(label + " req/s", String.format(Locale.ROOT, "%,.0f", figures.rps())));
		}
		else {
			bars.add(answers.judge(Ceilings.share(context, label + " req/s", figures.rps(), 0.12)));
		}
		bars.add(answers.judge(Bar.atMost(label + " api-service CPU µs/request", figures.apiCpuMicrosPerRequest(),
				"%.0f", 250)));
		bars.add(Bar.report(label + " p99 ms, closed model", String.format(Locale.ROOT, "%.1f", figures.p99Ms())));
		bars.add(Bar.report(label + " answers, measured window", answers.describe()));
		bars.add(catchUp.bar(label + ": worker's drain after the window",
				context.figure(WorkerVersusSingleTransactions.NAME, WorkerResult.class)));
		return bars;
	}

	/**
	 * The accepting figure's figures (the same with keys and without).
	 *
	 * @param rps requests answered per second at saturation
	 * @param p99Ms 99th percentile latency at saturation, in ms
	 * @param p50Ms median latency at saturation, in ms
	 * @param apiCpuMicrosPerRequest api-service's CPU time per request at saturation, in µs
	 * @param users users the requests were spread over
	 * @param events events of 1,000,000 seats the requests were spread over, one after another
	 * @param unexpected answers other than 202, lost requests included
	 * @param workerCaughtUpMs from the end of the measured run until the worker had committed every record, in ms
	 * @param answers the measured window's answers (those {@code rps} and {@code apiCpuMicrosPerRequest} count), per
	 * HTTP status; 0 counts lost requests
	 * @param isVoid true when over 1 % of them were not 202: the figure did not measure accepted bookings (written as
	 * {@code void})
	 * @param backlogAtEnd bookings accepted but not yet settled when the window ended: records of
	 * {@code bookings.requested} the worker had not committed
	 * @param drainPerSec settlements per second from the end of the window until the worker caught up; null when
	 * there was no backlog
	 */
	public record Figures(double rps, double p99Ms, double p50Ms, double apiCpuMicrosPerRequest, int users, int events,
			long unexpected, long workerCaughtUpMs, Map<Integer, Long> answers, @JsonProperty("void") boolean isVoid,
			long backlogAtEnd, @Nullable Double drainPerSec) {

	}

}
