package io.minitickets.loadtests.bench.pushvspoll;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.CpuClock;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;
import io.minitickets.loadtests.bench.sse.Answers;
import io.minitickets.loadtests.bench.sse.ApiProcess;
import io.minitickets.loadtests.bench.sse.Bookers;
import io.minitickets.loadtests.bench.sse.Customer;
import io.minitickets.loadtests.bench.sse.FrozenWorker;
import io.minitickets.loadtests.bench.sse.StatusStreams;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code pushVsPoll} (issue 17, "Push versus poll"): api-service's CPU ({@code /proc}) per booking brought to its
 * final state, for 10,000 customers (scaled by {@code --scale}) waiting on Server-Sent Events, then for as many
 * waiting by polling the status URL once a second ({@link Pollers}).
 * <p>
 * Each round: the booking-worker frozen (SIGSTOP), each customer books one seat of a new event with a seat for
 * everyone (Idempotency-Key, 429 and 503 retried after Retry-After), so that every booking waits PENDING; from here
 * api-service's CPU is counted: the customers start waiting, the worker is resumed {@link #QUEUED} later (scaled, at
 * least 2 s: their time in the queue; no queue position moves meanwhile) and settles the backlog, and the
 * round ends when every customer has its final status (or after {@value #WAIT_SECONDS} s: who has none then is a
 * miss). The CPU counted is the waiting alone (the bookings cost the same in both rounds): opening the streams and
 * their events, or every poll. The SSE round runs first, so that the polling round, not it, has the warmer JIT.
 * Bar: SSE's CPU per final ≤ 1/10 of polling's. Breaches: a booking not accepted, a customer without a final status.
 */
public final class PushVsPollFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "pushVsPoll";

	/** Issue 17's customers, at {@code --scale 1}. */
	static final int CUSTOMERS = 10_000;

	/** Issue 17's bar: SSE's CPU per final over polling's. */
	static final double RATIO_BAR = 0.1;

	static final int WAIT_SECONDS = 180;

	/**
	 * How long the customers wait in the queue before the worker starts settling, at {@code --scale 1}: without it
	 * the worker drains the backlog within the first poll period, every customer's first poll finds the final status,
	 * and the figure compares one GET with one stream open rather than a wait.
	 */
	static final Duration QUEUED = Duration.ofSeconds(30);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		int customers = context.options().scaled(CUSTOMERS);
		BenchStack stack = context.stack();
		long files = Math.min(new ApiProcess(stack.apiCpu().pid()).openFilesLimit(), ApiProcess.ownOpenFilesLimit());
		if (files < customers + 1_000) {
			throw new StackException(String.format(Locale.ROOT, "%,d streams need an open-files limit of at least %,d "
					+ "(it is %,d): run `ulimit -n 65536` before ./minitickets bench, after ./minitickets down",
					customers, customers + 1_000, files));
		}
		// shut down, not closed: close() waits for every exchange, and a stream the server never ends would hold it
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		try {
			Round sse = round(context, http, customers, true);
			Round poll = round(context, http, customers, false);
			Figures figures = new Figures(customers, sse.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal(),
					ratio(sse.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal()), sse, poll);
			return new Measured(figures, bars(figures), breaches(figures));
		}
		finally {
			http.shutdownNow();
		}
	}

	private static Round round(BenchContext context, HttpClient http, int customers, boolean sse) {
		String mode = sse ? "sse" : "poll";
		Duration hold = Duration.ofMillis(Math.max(2_000, Math.round(QUEUED.toMillis() * context.options().scale())));
		BenchStack stack = context.stack();
		CpuClock cpu = stack.apiCpu();
		long eventId = stack.createEvent(NAME + " " + mode, customers);
		var users = stack.users(customers);
		Answers bookingAnswers = new Answers();
		Answers waitAnswers = new Answers();
		Round round;
		try (FrozenWorker worker = FrozenWorker.freeze(stack.session())) {
			context.progress("%s %s: booking-worker frozen; %,d bookings...", NAME, mode, customers);
			List<Customer> accepted = new Bookers(http, stack.api(), context.options().connections()).book(users,
					eventId, bookingAnswers);
			context.progress("%s %s: %,d PENDING; waiting for their final statuses (the worker resumed after %d s)...",
					NAME, mode, accepted.size(), hold.toSeconds());
			long start = System.nanoTime();
			long cpuBefore = cpu.micros();
			long deadline = start + Duration.ofSeconds(WAIT_SECONDS).toNanos();
			int finals;
			long requests;
			CompletableFuture.delayedExecutor(hold.toMillis(), TimeUnit.MILLISECONDS).execute(worker::resume);
			if (sse) {
				StatusStreams streams = StatusStreams.open(http, stack.api(), accepted, waitAnswers, true);
				finals = streams.awaitFinal(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
				requests = waitAnswers.snapshot().values().stream().mapToLong(Long::longValue).sum();
			}
			else {
				Pollers pollers = new Pollers(http, stack.api(), context.options().connections());
				finals = pollers.follow(accepted, waitAnswers, deadline);
				requests = pollers.polls();
			}
			long cpuMicros = cpu.micros() - cpuBefore;
			long ms = Duration.ofNanos(System.nanoTime() - start).toMillis();
			round = new Round(accepted.size(), finals, accepted.size() - finals,
					(finals > 0) ? (double) cpuMicros / finals : 0, cpuMicros, requests, ms,
					bookingAnswers.snapshot(), waitAnswers.snapshot());
			context.progress("%s %s: %,d final of %,d in %,d ms, %,d requests, %,d µs CPU (%,.0f µs per final)", NAME,
					mode, finals, accepted.size(), ms, requests, cpuMicros, round.cpuMicrosPerFinal());
		}
		stack.awaitWorkerCaughtUp(Duration.ofMinutes(3));
		return round;
	}

	private static double ratio(double sse, double poll) {
		return (poll > 0) ? sse / poll : Double.NaN;
	}

	/**
	 * @param figures what was measured
	 * @return both CPU figures reported, and their ratio held to ≤ 1/10
	 */
	static List<Bar> bars(Figures figures) {
		return List.of(
				Bar.report("pushVsPoll: customers each way", String.format(Locale.ROOT, "%,d", figures.customers())),
				Bar.report("pushVsPoll: api-service CPU µs per final, SSE",
						String.format(Locale.ROOT, "%,.0f", figures.sseCpuMicrosPerFinal())),
				Bar.report("pushVsPoll: api-service CPU µs per final, polling 1/s",
						String.format(Locale.ROOT, "%,.0f", figures.pollCpuMicrosPerFinal())),
				Bar.atMost("pushVsPoll: SSE CPU / polling CPU per final", figures.sseOverPoll(), "%.3f", RATIO_BAR));
	}

	/**
	 * @param figures what was measured
	 * @return each broken promise, each way: a booking not accepted, a customer without a final status
	 */
	static List<String> breaches(Figures figures) {
		List<String> breaches = new ArrayList<>();
		for (var entry : List.of(Map.entry("SSE", figures.sse()), Map.entry("polling",
				figures.poll()))) {
			Round round = entry.getValue();
			if (round.accepted() != figures.customers()) {
				breaches.add(String.format(Locale.ROOT, "%s (%s): %,d of %,d bookings accepted (answers %s)", NAME,
						entry.getKey(), round.accepted(), figures.customers(), round.bookingAnswers()));
			}
			if (round.misses() > 0) {
				breaches.add(String.format(Locale.ROOT, "%s (%s): %,d of %,d customers without a final status after "
						+ "%d s (answers %s)", NAME, entry.getKey(), round.misses(), round.accepted(), WAIT_SECONDS,
						round.waitAnswers()));
			}
		}
		return breaches;
	}

	/**
	 * One way of waiting.
	 *
	 * @param accepted bookings accepted (202), each a customer waiting
	 * @param finals customers who received their booking's final status
	 * @param misses customers who did not within {@value #WAIT_SECONDS} s
	 * @param cpuMicrosPerFinal api-service's CPU while they waited, over {@code finals}, in µs
	 * @param cpuMicros api-service's CPU while they waited, in µs
	 * @param requests stream opens (resumptions included) or polls sent
	 * @param ms from the start of the wait until the last final status, in ms
	 * @param bookingAnswers answers to the bookings by HTTP status, retries included
	 * @param waitAnswers answers to the opens or polls by HTTP status ({@code 0}: no answer within the timeout)
	 */
	public record Round(int accepted, int finals, int misses, double cpuMicrosPerFinal, long cpuMicros, long requests,
			long ms, SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {

	}

	/**
	 * The push-versus-poll figure.
	 *
	 * @param customers customers each way
	 * @param sseCpuMicrosPerFinal api-service's CPU per final status, waiting on SSE, in µs
	 * @param pollCpuMicrosPerFinal api-service's CPU per final status, polling once a second, in µs
	 * @param sseOverPoll the first over the second (bar ≤ 0.1)
	 * @param sse the SSE round
	 * @param poll the polling round
	 */
	public record Figures(int customers, double sseCpuMicrosPerFinal, double pollCpuMicrosPerFinal,
			double sseOverPoll, Round sse, Round poll) {

	}

}
