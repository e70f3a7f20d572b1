package io.minitickets.loadtests.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.LoadUser;

/**
 * {@code stampede} and {@code stampedeKeyed}: bookings on a sold-out event (limiter + gate, answered 409), against the
 * stack's api-service, without an Idempotency-Key or, keyed, with a fresh one on every request as real clients send.
 * Throughput and api-service's CPU per request at saturation, then p99 latency in the open model at half the measured
 * throughput, from each request's due time. The answers of both are kept by status; over 1 % that are not 409 make
 * the figure void (see {@link AnswerMix}).
 */
public final class StampedeFigure implements Figure {

	/** The figure's name without keys. */
	public static final String NAME = "stampede";

	/** The figure's name with a fresh Idempotency-Key per request. */
	public static final String KEYED_NAME = "stampedeKeyed";

	private static final int SOLD_OUT = 409;

	private final boolean keyed;

	private StampedeFigure(boolean keyed) {
		this.keyed = keyed;
	}

	/**
	 * @return {@code stampede}: requests without an Idempotency-Key, held to issue 8's bars
	 */
	public static StampedeFigure withoutKeys() {
		return new StampedeFigure(false);
	}

	/**
	 * @return {@code stampedeKeyed}: a fresh Idempotency-Key on every request, held to issue 19's CPU bar
	 */
	public static StampedeFigure withKeys() {
		return new StampedeFigure(true);
	}

	@Override
	public String name() {
		return this.keyed ? KEYED_NAME : NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		long eventId = stack.createEvent("sold out", 1);
		stack.sellOut(eventId, users.getFirst());
		Bookings bookings = new Bookings(stack.api(), List.of(eventId), Long.MAX_VALUE, users.subList(1, users.size()),
				this.keyed);
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
			Saturation saturation = Saturation.measure(context, name(), generator, bookings, stack.apiCpu());
			double rate = Math.max(1, Math.floor(saturation.run().requestsPerSecond() / 2));
			context.progress("%s: open model at %.0f req/s for %d s...", name(), rate,
					context.options().window().toSeconds());
			LoadRun open = generator.open(bookings, rate, context.options().window(), ResponseSink.IGNORE);
			LoadRun closed = saturation.run();
			AnswerMix answers = AnswerMix.of(SOLD_OUT, closed);
			AnswerMix openAnswers = AnswerMix.of(SOLD_OUT, open);
			Figures figures = new Figures(CeilingFigure.round(closed.requestsPerSecond()),
					CeilingFigure.round(closed.latencyMs(99)), CeilingFigure.round(closed.latencyMs(50)),
					CeilingFigure.round(saturation.cpuMicrosPerRequest()), rate, CeilingFigure.round(open.latencyMs(99)),
					CeilingFigure.round(open.latencyMs(50)), users.size(), closed.count(429) + open.count(429),
					closed.unexpected(SOLD_OUT) + open.unexpected(SOLD_OUT), answers.asMap(), openAnswers.asMap(),
					answers.isVoid() || openAnswers.isVoid());
			context.progress("%s answers: measured window %s; open model %s", name(), answers.describe(),
					openAnswers.describe());
			return new Measured(figures, bars(context, figures, answers, openAnswers), List.of());
		}
	}

	/**
	 * Without keys: issue 8's bars (req/s ≥ 25 % of the ceiling, CPU ≤ 100 µs, open-model p99 ≤ 20 ms); with keys:
	 * issue 19's CPU bar, the rest reported. Both: the answer mixes.
	 */
	private List<Bar> bars(BenchContext context, Figures figures, AnswerMix answers, AnswerMix openAnswers) {
		String label = this.keyed ? "stampede with keys" : "stampede";
		List<Bar> bars = new ArrayList<>();
		if (this.keyed) {
			bars.add(Bar.report(label + " req/s", String.format(Locale.ROOT, "%,.0f", figures.rps())));
		}
		else {
			bars.add(answers.judge(Ceilings.share(context, label + " req/s", figures.rps(), 0.25)));
		}
		bars.add(answers.judge(Bar.atMost(label + " api-service CPU µs/request", figures.apiCpuMicrosPerRequest(),
				"%.0f", 100)));
		String openLabel = label + " p99 ms, open model at " + Math.round(figures.openModelRate()) + " req/s";
		bars.add(openAnswers.judge(this.keyed
				? Bar.report(openLabel, String.format(Locale.ROOT, "%.1f", figures.openModelP99Ms()))
				: Bar.atMost(openLabel, figures.openModelP99Ms(), "%.1f", 20)));
		bars.add(Bar.report(label + " p99 ms, closed model", String.format(Locale.ROOT, "%.1f", figures.p99Ms())));
		bars.add(Bar.report(label + " answers, measured window", answers.describe()));
		bars.add(Bar.report(label + " answers, open model", openAnswers.describe()));
		return bars;
	}


	/**
	 * The stampede's figures (the same with keys and without).
	 *
	 * @param rps requests answered per second at saturation (closed model)
	 * @param p99Ms 99th percentile latency at saturation, in ms
	 * @param p50Ms median latency at saturation, in ms
	 * @param apiCpuMicrosPerRequest api-service's CPU time per request at saturation, in µs
	 * @param openModelRate the open model's arrival rate, half of {@code rps}, in requests per second
	 * @param openModelP99Ms 99th percentile latency at that rate, from each request's due time, in ms
	 * @param openModelP50Ms median latency at that rate, in ms
	 * @param users users the requests were spread over
	 * @param rateLimited answers 429 (the limiter refused a user: too few users for the rate)
	 * @param unexpected answers other than 409, lost requests included
	 * @param answers the measured window's answers (those {@code rps} and {@code apiCpuMicrosPerRequest} count), per
	 * HTTP status; 0 counts lost requests
	 * @param openModelAnswers the open model's answers, per HTTP status
	 * @param isVoid true when over 1 % of either's answers were not 409: the figure did not measure a sold-out
	 * stampede (written as {@code void})
	 */
	public record Figures(double rps, double p99Ms, double p50Ms, double apiCpuMicrosPerRequest, double openModelRate,
			double openModelP99Ms, double openModelP50Ms, int users, long rateLimited, long unexpected,
			Map<Integer, Long> answers, Map<Integer, Long> openModelAnswers, @JsonProperty("void") boolean isVoid) {

	}

}
