package io.minitickets.loadtests.bench.eta;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.loadtests.bench.AnswerMix;
import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;
import io.minitickets.loadtests.bench.http.CustomerBookings;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.bench.http.StatusStreams;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code eta} (issue 17, "ETA honesty"): how close the ETA a PENDING booking is given right after its 202 comes to its
 * actual wait, behind a backlog the worker settles at a steady rate.
 * <p>
 * The stack's worker is stopped, and 100,000 bookings (scaled by {@code --scale}) of one event, hence of one partition
 * of {@code bookings.requested} (records are keyed by event), are accepted through the API: the backlog. Then a worker
 * is started with a settle-rate cap (booking-worker's bench-only {@code minitickets.worker.settle-rate-cap}) of the
 * backlog over {@value #DRAIN_SECONDS} s (at least {@value #MIN_CAP}/s), so it drains at a steady, known rate. While it
 * drains, {@value #SAMPLES} sampled customers (fewer at a small scale) book the same event at even intervals over the
 * first 90 % of the expected drain, each read its status right after the 202 ({@code queue.etaSeconds}) and waits on
 * its status stream until the final status: {@code error = |eta − actual| / actual}, actual from the 202. Bars: median
 * ≤ 25 %, p90 ≤ 50 %. A sample given no ETA (the settle rate not known yet: the API says nothing rather than a made-up
 * number) is counted in {@code absentEta} and left out of the percentiles, as is one whose final status never came
 * ({@code unsettled}, a breach). At the end the worker is started again as the stack had it, without a cap.
 */
public final class EtaFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "eta";

	/** Issue 17's backlog at {@code --scale 1}. */
	static final int BACKLOG = 100_000;

	/** How long the capped worker is meant to take for the backlog, in s. */
	static final int DRAIN_SECONDS = 100;

	/** The smallest cap, in records per second, so that a tiny backlog still drains in seconds. */
	static final int MIN_CAP = 10;

	/** Sampled customers at full scale. */
	static final int SAMPLES = 100;

	/** Issue 17's bar for the median error, in percent. */
	static final double MEDIAN_BAR_PCT = 25;

	/** Issue 17's bar for the 90th percentile error, in percent. */
	static final double P90_BAR_PCT = 50;

	/** The share of the expected drain over which samples are taken (the rest is the backlog's last tenth). */
	private static final double SAMPLED_SHARE = 0.9;

	private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(10);

	private final JsonMapper json = JsonMapper.builder().build();

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		int backlog = context.options().scaled(BACKLOG);
		double cap = Math.max(MIN_CAP, Math.round((double) backlog / DRAIN_SECONDS));
		int samples = Math.max(3, Math.min(SAMPLES, backlog / 10));
		Duration drain = Duration.ofMillis(Math.round(backlog / cap * 1000));
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		long eventId = stack.createEvent(NAME, backlog + samples + 100);
		CappedWorker worker = new CappedWorker(stack.session(), context.logDirectory());
		List<Sample> sampled;
		LoadRun fill;
		try {
			context.progress("%s: stopping the worker, then filling a backlog of %,d bookings...", NAME, backlog);
			worker.stop();
			try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
				fill = generator.count(new CustomerBookings(stack.api(), eventId, users, "eta-fill"), backlog,
						ResponseSink.IGNORE);
			}
			context.progress("%s: backlog filled (%s); starting a worker capped at %,.0f settlements/s...", NAME,
					AnswerMix.of(202, fill).describe(), cap);
			worker.start(cap);
			context.progress("%s: %d customers book at even intervals over %d s and wait for their final status...",
					NAME, samples, Math.round(drain.toSeconds() * SAMPLED_SHARE));
			sampled = sample(stack, eventId, users, samples, drain);
			context.progress("%s: waiting until the worker has settled every booking...", NAME);
			stack.awaitWorkerCaughtUp(CATCH_UP_TIMEOUT);
		}
		finally {
			context.progress("%s: starting the worker again without a cap...", NAME);
			worker.start(null);
		}
		AnswerMix answers = AnswerMix.of(202, fill);
		Figures figures = Errors.figures(backlog, cap, sampled, answers.asMap(), answers.isVoid());
		context.progress("%s: median error %s %%, p90 %s %% over %d samples (%d without an ETA)", NAME,
				figures.medianErrorPct(), figures.p90ErrorPct(), figures.withEta(), figures.absentEta());
		return new Measured(figures, bars(figures, answers), breaches(figures));
	}

	/**
	 * Sends the samples at even intervals over the first 90 % of the expected drain, each on its own virtual thread,
	 * and waits for all.
	 */
	private List<Sample> sample(BenchStack stack, long eventId, List<LoadUser> users, int samples, Duration drain) {
		Duration interval = Duration.ofNanos((long) (drain.toNanos() * SAMPLED_SHARE / samples));
		Duration streamTimeout = drain.multipliedBy(3).plusSeconds(60);
		String keys = "eta-sample-" + Long.toHexString(new SecureRandom().nextLong());
		List<Future<Sample>> futures = new ArrayList<>();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
				HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
				StatusStreams streams = new StatusStreams(stack.api())) {
			long start = System.nanoTime();
			for (int i = 0; i < samples; i++) {
				long dueAt = start + i * interval.toNanos();
				long wait = dueAt - System.nanoTime();
				if (wait > 0) {
					ProcessWaits.pause(Duration.ofNanos(wait));
				}
				LoadUser user = users.get(i % users.size());
				String key = keys + "-" + i;
				futures.add(threads.submit(() -> sampleOne(http, streams, stack.api(), eventId, user, key,
						streamTimeout)));
			}
			List<Sample> done = new ArrayList<>();
			for (Future<Sample> future : futures) {
				done.add(future.get());
			}
			return done;
		}
		catch (ExecutionException ex) {
			throw new StackException("A sampled booking failed: " + ex.getCause(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while sampling bookings", ex);
		}
	}

	private Sample sampleOne(HttpClient http, StatusStreams streams, URI api, long eventId, LoadUser user, String key,
			Duration streamTimeout) throws IOException, InterruptedException {
		HttpRequest book = HttpRequest.newBuilder(api.resolve("/api/events/" + eventId + "/bookings"))
			.header("Authorization", "Bearer " + user.token())
			.header("Idempotency-Key", key)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":1}"))
			.build();
		HttpResponse<String> answer = http.send(book, HttpResponse.BodyHandlers.ofString());
		long acceptedAt = System.nanoTime();
		UUID bookingId = (answer.statusCode() == 202) ? CustomerBookings.bookingId(answer.body()) : null;
		if (bookingId == null) {
			return new Sample(answer.statusCode(), null, null, null);
		}
		HttpRequest status = HttpRequest.newBuilder(api.resolve("/api/bookings/" + bookingId))
			.header("Authorization", "Bearer " + user.token())
			.header("Accept", "application/json")
			.build();
		JsonNode queue = this.json.readTree(http.send(status, HttpResponse.BodyHandlers.ofString()).body())
			.path("queue");
		Long ahead = queue.has("ahead") ? queue.get("ahead").asLong() : null;
		Long eta = queue.has("etaSeconds") ? queue.get("etaSeconds").asLong() : null;
		StatusStreams.Outcome outcome = streams.awaitFinal(bookingId, user.token(), streamTimeout).join();
		Double actual = outcome.isFinal() ? (outcome.atNanos() - acceptedAt) / 1e9 : null;
		return new Sample(202, ahead, eta, actual);
	}

	/**
	 * @param figures what was measured
	 * @param answers the backlog's answers
	 * @return the backlog and cap, the median and p90 bars (void when the backlog's answers are, or no sample had an
	 * ETA), and the samples without an ETA
	 */
	static List<Bar> bars(Figures figures, AnswerMix answers) {
		List<Bar> bars = new ArrayList<>();
		bars.add(Bar.report("eta: backlog, worker capped at", String.format(Locale.ROOT, "%,d, %,.0f/s",
				figures.backlog(), figures.settleRateCap())));
		bars.add(errorBar("eta: median |eta − actual| / actual %", figures.medianErrorPct(), MEDIAN_BAR_PCT, answers));
		bars.add(errorBar("eta: p90 |eta − actual| / actual %", figures.p90ErrorPct(), P90_BAR_PCT, answers));
		bars.add(Bar.report("eta: samples with an ETA / without / unsettled", String.format(Locale.ROOT,
				"%d / %d / %d of %d", figures.withEta(), figures.absentEta(), figures.unsettled(), figures.samples())));
		return bars;
	}

	private static Bar errorBar(String label, @Nullable Double pct, double max, AnswerMix answers) {
		if (pct == null) {
			return new Bar(label, "no sample had an ETA", String.format(Locale.ROOT, "≤ %.0f", max), false);
		}
		return answers.judge(Bar.atMost(label, pct, "%.1f", max));
	}

	/**
	 * @param figures what was measured
	 * @return a sampled booking accepted but never final within its wait: a 202 that never settled
	 */
	static List<String> breaches(Figures figures) {
		if (figures.unsettled() == 0) {
			return List.of();
		}
		return List.of(String.format(Locale.ROOT, "%s: %d sampled bookings accepted but not final on their status "
				+ "stream", NAME, figures.unsettled()));
	}

	/**
	 * The ETA figure.
	 *
	 * @param backlog bookings accepted with the worker stopped, before the samples
	 * @param settleRateCap the restarted worker's cap, in settlements per second
	 * @param samples sampled bookings
	 * @param withEta samples accepted whose status right after the 202 carried an ETA, and that became final: those
	 * the percentiles are over
	 * @param absentEta samples accepted whose status right after the 202 carried no ETA (rate not yet known)
	 * @param unsettled samples accepted that never became final on their stream
	 * @param refused samples not answered 202
	 * @param medianErrorPct median of {@code |eta − actual| / actual}, in percent; null when no sample had an ETA
	 * @param p90ErrorPct 90th percentile of the same
	 * @param medianActualSeconds median actual wait of the samples with an ETA, in s
	 * @param rows each sample as {@code [ahead, etaSeconds, actualSeconds]} (null where absent), in sending order
	 * @param answers the backlog's booking answers per HTTP status; 0 counts lost requests
	 * @param isVoid true when over 1 % of them were not 202 (written as {@code void})
	 */
	public record Figures(int backlog, double settleRateCap, int samples, int withEta, int absentEta, int unsettled,
			int refused, @Nullable Double medianErrorPct, @Nullable Double p90ErrorPct,
			@Nullable Double medianActualSeconds, List<List<@Nullable Number>> rows, Map<Integer, Long> answers,
			@JsonProperty("void") boolean isVoid) {

	}

}
