package io.minitickets.loadtests.bench.timetoknow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.AcceptingFigure;
import io.minitickets.loadtests.bench.AnswerMix;
import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.Ceilings;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;
import io.minitickets.loadtests.bench.http.CustomerBookings;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.StatusStreams;
import io.minitickets.loadtests.client.LoadUser;

/**
 * {@code timeToKnow} (issue 17): at half the accepting figure's rate, an open-model load of customers who each book one
 * seat (with an Idempotency-Key, as real clients send) and, on the 202, open the booking's status stream
 * ({@code GET /api/bookings/{id}/events}) and wait for its final status. Measured per customer from the booking
 * request's send to the final status event's arrival; a customer not told within {@link #STREAM_TIMEOUT} (or whose
 * stream was refused, closed or broke) is a miss, recorded at the timeout. Bars: p50 ≤ 100 ms, p99 ≤ 500 ms; beside them
 * the ceiling's open-model p99 of the same run, the machine's floor. The answers to the bookings are kept by status:
 * over 1 % not 202 make the figure void ({@link AnswerMix}).
 * <p>
 * The rate is half of {@code acceptingKeyed}'s requests per second when the run measured it, else {@code accepting}'s;
 * when it measured neither, {@code acceptingKeyed} is measured first, here (its own bars are not reported then).
 * An unmeasured warm-up at the same rate comes first.
 */
public final class TimeToKnowFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "timeToKnow";

	/** Issue 17's bar for the median, in ms. */
	static final double P50_BAR_MS = 100;

	/** Issue 17's bar for the 99th percentile, in ms. */
	static final double P99_BAR_MS = 500;

	/** How long a customer waits on the stream before it counts as never told. */
	static final Duration STREAM_TIMEOUT = Duration.ofSeconds(10);

	/** The API's largest event. */
	private static final int MAX_SEATS = 1_000_000;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		Accepting accepting = accepting(context);
		double rate = Math.max(1, Math.floor(accepting.figures().rps() / 2));
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		Duration warmUp = context.options().warmUp();
		Duration window = context.options().window();
		long requests = (long) Math.ceil(rate * (warmUp.toSeconds() + window.toSeconds())) + 100;
		long eventId = stack.createEvent(NAME, (int) Math.min(MAX_SEATS, requests));
		Customers measured;
		LoadRun run;
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections());
				StatusStreams streams = new StatusStreams(stack.api())) {
			context.progress("%s: warm-up, customers at %,.0f/s for %d s (half of %s's %,.0f req/s)...", NAME, rate,
					warmUp.toSeconds(), accepting.name(), accepting.figures().rps());
			Customers warm = customers(stack, eventId, users, streams, rate, warmUp, "ttk-warm");
			generator.open(warm, rate, warmUp, warm);
			warm.awaitAll(STREAM_TIMEOUT.multipliedBy(3));
			context.progress("%s: customers at %,.0f/s for %d s, each waiting on its status stream...", NAME, rate,
					window.toSeconds());
			measured = customers(stack, eventId, users, streams, rate, window, "ttk");
			run = generator.open(measured, rate, window, measured);
			measured.awaitAll(STREAM_TIMEOUT.multipliedBy(3));
		}
		AnswerMix answers = AnswerMix.of(202, run);
		context.progress("%s answers: %s; streams: %s", NAME, answers.describe(), measured.endings());
		Figures figures = new Figures(rate, round(measured.latencyMs(50)), round(measured.latencyMs(99)),
				Ceilings.openModelP99Ms(context).orElse(null), accepting.name(), accepting.figures().rps(),
				measured.streams(), measured.misses(), measured.endings(), measured.finalStatuses(), answers.asMap(),
				answers.isVoid());
		return new Measured(figures, bars(figures, answers), List.of());
	}

	private static Customers customers(BenchStack stack, long eventId, List<LoadUser> users, StatusStreams streams,
			double rate, Duration duration, String keys) {
		long requests = (long) (rate * duration.toNanos() / 1e9);
		return new Customers(new CustomerBookings(stack.api(), eventId, users, keys), streams, requests);
	}

	/**
	 * The accepting figure this one takes its rate from: keyed first (its customers send keys too), or measured now.
	 */
	private static Accepting accepting(BenchContext context) {
		Optional<Accepting> measured = context
			.figure(AcceptingFigure.KEYED_NAME, AcceptingFigure.Figures.class)
			.map((figures) -> new Accepting(AcceptingFigure.KEYED_NAME, figures))
			.or(() -> context.figure(AcceptingFigure.NAME, AcceptingFigure.Figures.class)
				.map((figures) -> new Accepting(AcceptingFigure.NAME, figures)));
		return measured.orElseGet(() -> {
			context.progress("%s: no accepting figure in this run; measuring %s first for the rate...", NAME,
					AcceptingFigure.KEYED_NAME);
			Object figures = AcceptingFigure.withKeys().measure(context).figures();
			return new Accepting(AcceptingFigure.KEYED_NAME, (AcceptingFigure.Figures) figures);
		});
	}

	/**
	 * @param figures what was measured
	 * @param answers the bookings' answers
	 * @return the rate, the p50 and p99 bars (void when the answers are), the ceiling's floor, the answers and how the
	 * streams ended
	 */
	static List<Bar> bars(Figures figures, AnswerMix answers) {
		List<Bar> bars = new ArrayList<>();
		bars.add(Bar.report("timeToKnow: customers/s (half the accepting rate)", String.format(Locale.ROOT,
				"%,.0f (%s %,.0f req/s)", figures.rate(), figures.rateFrom(), figures.acceptingRps())));
		bars.add(answers.judge(Bar.atMost("timeToKnow p50 ms, request → final status over SSE", figures.p50Ms(),
				"%,.1f", P50_BAR_MS)));
		bars.add(answers.judge(Bar.atMost("timeToKnow p99 ms, request → final status over SSE", figures.p99Ms(),
				"%,.1f", P99_BAR_MS)));
		Double floor = figures.ceilingOpenModelP99Ms();
		bars.add(Bar.report("timeToKnow: ceiling's open-model p99 ms (the floor)",
				(floor != null) ? String.format(Locale.ROOT, "%,.1f", floor) : "no ceiling in this run"));
		bars.add(Bar.report("timeToKnow answers", answers.describe()));
		bars.add(Bar.report("timeToKnow streams, misses at " + STREAM_TIMEOUT.toSeconds() + " s",
				String.format(Locale.ROOT, "%,d of %,d missed; %s", figures.misses(), figures.streams(),
						figures.finalStatuses()
							.entrySet()
							.stream()
							.map((entry) -> entry.getKey() + " " + entry.getValue())
							.collect(Collectors.joining(", ")))));
		return bars;
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

	private record Accepting(String name, AcceptingFigure.Figures figures) {
	}

	/**
	 * The time-to-know figure.
	 *
	 * @param rate customers (booking requests) per second, half of {@code acceptingRps}
	 * @param p50Ms median from a booking request's send to its final status event's arrival, misses at the timeout,
	 * in ms
	 * @param p99Ms 99th percentile of the same, in ms
	 * @param ceilingOpenModelP99Ms the ceiling's open-model p99 of the same run, in ms; null when the run did not
	 * measure the ceiling
	 * @param rateFrom the accepting figure the rate was taken from ({@code acceptingKeyed} or {@code accepting})
	 * @param acceptingRps its requests per second
	 * @param streams status streams opened, one per 202
	 * @param misses customers not told their final status within 10 s (stream timed out, refused, closed or broken;
	 * or a 202 that named no booking)
	 * @param streamEndings how the streams ended: FINAL, TIMED_OUT, REFUSED, CLOSED, FAILED
	 * @param finalStatuses the final statuses delivered, per status (CONFIRMED on the figure's event of ample seats)
	 * @param answers the booking requests' answers per HTTP status; 0 counts lost requests
	 * @param isVoid true when over 1 % of them were not 202 (written as {@code void})
	 */
	public record Figures(double rate, double p50Ms, double p99Ms, @Nullable Double ceilingOpenModelP99Ms,
			String rateFrom, double acceptingRps, long streams, long misses, Map<String, Long> streamEndings,
			Map<String, Long> finalStatuses, Map<Integer, Long> answers, @JsonProperty("void") boolean isVoid) {

	}

}
