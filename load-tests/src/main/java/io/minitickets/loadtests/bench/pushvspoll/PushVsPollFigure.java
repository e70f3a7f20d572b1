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
 * <p>
 * SSE's figure is the round's CPU over its finals. Polling's is the definition, customers polling once a
 * second ({@link PollRound#of}): the round's CPU per poll answered × the polls a customer polling once a second makes
 * over its measured wait (1 + ⌊wait in s⌋, averaged over the customers). The round itself cannot poll once a second:
 * 10,000 polls a second need more cores than this machine has, so at most {@code --connections} polls are in flight
 * and each customer polls less often; that measured CPU per final is kept beside it
 * ({@link PollRound#measuredCpuMicrosPerFinal}). Bar: SSE's CPU per final ≤ 1/10 of polling's once a second.
 * Breaches: a booking not accepted, a customer without a final status.
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
			Round sse = sseRound(context, http, customers);
			PollRound poll = pollRound(context, http, customers);
			Figures figures = new Figures(customers, sse.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal(),
					ratio(sse.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal()), sse, poll);
			return new Measured(figures, bars(figures), breaches(figures));
		}
		finally {
			http.shutdownNow();
		}
	}

	private static Round sseRound(BenchContext context, HttpClient http, int customers) {
		Waited waited = waitRound(context, http, customers, "sse", (accepted, answers, start, deadline) -> {
			StatusStreams streams = StatusStreams.open(http, context.stack().api(), accepted, answers, true);
			int finals = streams.awaitFinal(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
			return new Waiting(finals, answers.snapshot().values().stream().mapToLong(Long::longValue).sum(),
					List.of());
		});
		Round round = new Round(waited.accepted(), waited.finals(), waited.accepted() - waited.finals(),
				(waited.finals() > 0) ? (double) waited.cpuMicros() / waited.finals() : 0, waited.cpuMicros(),
				waited.requests(), waited.ms(), waited.bookingAnswers(), waited.waitAnswers());
		context.progress("%s sse: %,d final of %,d in %,d ms, %,d opens, %,d µs CPU (%,.0f µs per final)", NAME,
				round.finals(), round.accepted(), round.ms(), round.requests(), round.cpuMicros(),
				round.cpuMicrosPerFinal());
		return round;
	}

	private static PollRound pollRound(BenchContext context, HttpClient http, int customers) {
		Waited waited = waitRound(context, http, customers, "poll", (accepted, answers, start, deadline) -> {
			Pollers pollers = new Pollers(http, context.stack().api(), context.options().connections());
			int finals = pollers.follow(accepted, answers, start, deadline);
			return new Waiting(finals, pollers.polls(), pollers.waitSeconds());
		});
		PollRound round = PollRound.of(waited.accepted(), waited.cpuMicros(), waited.requests(), waited.waitSeconds(),
				waited.ms(), waited.bookingAnswers(), waited.waitAnswers());
		context.progress("%s poll: %,d final of %,d in %,d ms, %,d polls (%,d answered, %.2f per customer per s, "
				+ "mean wait %.1f s), %,d µs CPU (%,.0f µs per poll; per final %,.0f µs measured, %,.0f µs polling "
				+ "once a second)", NAME, round.finals(), round.accepted(), round.ms(), round.polls(),
				round.pollsAnswered(), round.pollsPerCustomerPerSecond(), round.meanWaitSeconds(), round.cpuMicros(),
				round.cpuMicrosPerPoll(), round.measuredCpuMicrosPerFinal(), round.cpuMicrosPerFinal());
		return round;
	}

	private static Waited waitRound(BenchContext context, HttpClient http, int customers, String mode, Wait wait) {
		Duration hold = Duration.ofMillis(Math.max(2_000, Math.round(QUEUED.toMillis() * context.options().scale())));
		BenchStack stack = context.stack();
		CpuClock cpu = stack.apiCpu();
		long eventId = stack.createEvent(NAME + " " + mode, customers);
		var users = stack.users(customers);
		Answers bookingAnswers = new Answers();
		Answers waitAnswers = new Answers();
		Waited waited;
		try (FrozenWorker worker = FrozenWorker.freeze(stack.session())) {
			context.progress("%s %s: booking-worker frozen; %,d bookings...", NAME, mode, customers);
			List<Customer> accepted = new Bookers(http, stack.api(), context.options().connections()).book(users,
					eventId, bookingAnswers);
			context.progress("%s %s: %,d PENDING; waiting for their final statuses (the worker resumed after %d s)...",
					NAME, mode, accepted.size(), hold.toSeconds());
			long start = System.nanoTime();
			long cpuBefore = cpu.micros();
			long deadline = start + Duration.ofSeconds(WAIT_SECONDS).toNanos();
			CompletableFuture.delayedExecutor(hold.toMillis(), TimeUnit.MILLISECONDS).execute(worker::resume);
			Waiting waiting = wait.await(accepted, waitAnswers, start, deadline);
			long cpuMicros = cpu.micros() - cpuBefore;
			long ms = Duration.ofNanos(System.nanoTime() - start).toMillis();
			waited = new Waited(accepted.size(), waiting.finals(), cpuMicros, waiting.requests(),
					waiting.waitSeconds(), ms, bookingAnswers.snapshot(), waitAnswers.snapshot());
		}
		stack.awaitWorkerCaughtUp(Duration.ofMinutes(3));
		return waited;
	}

	/** One way of waiting for the final statuses, from the start of the round. */
	@FunctionalInterface
	private interface Wait {

		Waiting await(List<Customer> accepted, Answers answers, long start, long deadline);

	}

	private record Waiting(int finals, long requests, List<Double> waitSeconds) {

	}

	private record Waited(int accepted, int finals, long cpuMicros, long requests, List<Double> waitSeconds, long ms,
			SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {

	}

	private static double ratio(double sse, double poll) {
		return (poll > 0) ? sse / poll : Double.NaN;
	}

	/**
	 * @param figures what was measured
	 * @return the CPU figures reported (polling once a second and as measured), and SSE over polling once a second
	 *     held to ≤ 1/10
	 */
	static List<Bar> bars(Figures figures) {
		return List.of(
				Bar.report("pushVsPoll: customers each way", String.format(Locale.ROOT, "%,d", figures.customers())),
				Bar.report("pushVsPoll: api-service CPU µs per final, SSE",
						String.format(Locale.ROOT, "%,.0f", figures.sseCpuMicrosPerFinal())),
				Bar.report("pushVsPoll: api-service CPU µs per final, polling 1/s",
						String.format(Locale.ROOT, "%,.0f (%,.0f µs per poll × %.1f polls)",
								figures.pollCpuMicrosPerFinal(), figures.poll().cpuMicrosPerPoll(),
								figures.poll().oncePerSecondPollsPerCustomer())),
				Bar.report("pushVsPoll: api-service CPU µs per final, polling as measured",
						String.format(Locale.ROOT, "%,.0f (%.2f polls per customer per s)",
								figures.poll().measuredCpuMicrosPerFinal(), figures.poll().pollsPerCustomerPerSecond())),
				Bar.atMost("pushVsPoll: SSE CPU / polling CPU per final", figures.sseOverPoll(), "%.3f", RATIO_BAR));
	}

	/**
	 * @param figures what was measured
	 * @return each broken promise, each way: a booking not accepted, a customer without a final status
	 */
	static List<String> breaches(Figures figures) {
		List<String> breaches = new ArrayList<>();
		Round sse = figures.sse();
		PollRound poll = figures.poll();
		breaches(breaches, "SSE", figures.customers(), sse.accepted(), sse.misses(), sse.bookingAnswers(),
				sse.waitAnswers());
		breaches(breaches, "polling", figures.customers(), poll.accepted(), poll.misses(), poll.bookingAnswers(),
				poll.waitAnswers());
		return breaches;
	}

	private static void breaches(List<String> breaches, String way, int customers, int accepted, int misses,
			SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {
		if (accepted != customers) {
			breaches.add(String.format(Locale.ROOT, "%s (%s): %,d of %,d bookings accepted (answers %s)", NAME, way,
					accepted, customers, bookingAnswers));
		}
		if (misses > 0) {
			breaches.add(String.format(Locale.ROOT, "%s (%s): %,d of %,d customers without a final status after %d s "
					+ "(answers %s)", NAME, way, misses, accepted, WAIT_SECONDS, waitAnswers));
		}
	}

	/**
	 * The SSE round.
	 *
	 * @param accepted bookings accepted (202), each a customer waiting
	 * @param finals customers who received their booking's final status
	 * @param misses customers who did not within {@value #WAIT_SECONDS} s
	 * @param cpuMicrosPerFinal api-service's CPU while they waited, over {@code finals}, in µs
	 * @param cpuMicros api-service's CPU while they waited, in µs
	 * @param requests stream opens, resumptions included
	 * @param ms from the start of the wait until the last final status, in ms
	 * @param bookingAnswers answers to the bookings by HTTP status, retries included
	 * @param waitAnswers answers to the opens by HTTP status ({@code 0}: no answer within the timeout)
	 */
	public record Round(int accepted, int finals, int misses, double cpuMicrosPerFinal, long cpuMicros, long requests,
			long ms, SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {

	}

	/**
	 * The push-versus-poll figure.
	 *
	 * @param customers customers each way
	 * @param sseCpuMicrosPerFinal api-service's CPU per final status, waiting on SSE, in µs
	 * @param pollCpuMicrosPerFinal api-service's CPU per final status, polling once a second
	 *     ({@link PollRound#cpuMicrosPerFinal}), in µs
	 * @param sseOverPoll the first over the second (bar ≤ 0.1)
	 * @param sse the SSE round
	 * @param poll the polling round
	 */
	public record Figures(int customers, double sseCpuMicrosPerFinal, double pollCpuMicrosPerFinal,
			double sseOverPoll, Round sse, PollRound poll) {

	}

	/**
	 * The polling round, and what it would cost with every customer polling once a second.
	 *
	 * @param accepted bookings accepted (202), each a customer waiting
	 * @param finals customers who received their booking's final status
	 * @param misses customers who did not within {@value #WAIT_SECONDS} s
	 * @param cpuMicrosPerFinal api-service's CPU per final status with every customer polling once a second:
	 *     {@code cpuMicrosPerPoll × oncePerSecondPollsPerCustomer}, in µs (the figure's bar uses it)
	 * @param measuredCpuMicrosPerFinal api-service's CPU while they waited over {@code finals}, as polled (fewer
	 *     polls than once a second: bounded by the polls in flight and the machine), in µs
	 * @param cpuMicrosPerPoll api-service's CPU while they waited over {@code pollsAnswered}, in µs
	 * @param oncePerSecondPollsPerCustomer polls a customer polling once a second makes over its measured wait
	 *     ({@code 1 + ⌊wait in s⌋}, the first at the start), averaged over the customers with a final status
	 * @param meanWaitSeconds from the start of the round until the answer showing the final status, averaged over
	 *     the customers with one, in s
	 * @param pollsPerCustomerPerSecond polls answered over the customers' summed waits: how often a customer could
	 *     poll here
	 * @param cpuMicros api-service's CPU while they waited, in µs
	 * @param polls polls sent
	 * @param pollsAnswered polls answered (any HTTP status)
	 * @param ms from the start of the wait until the last final status, in ms
	 * @param bookingAnswers answers to the bookings by HTTP status, retries included
	 * @param waitAnswers answers to the polls by HTTP status ({@code 0}: no answer within the timeout)
	 */
	public record PollRound(int accepted, int finals, int misses, double cpuMicrosPerFinal,
			double measuredCpuMicrosPerFinal, double cpuMicrosPerPoll, double oncePerSecondPollsPerCustomer,
			double meanWaitSeconds, double pollsPerCustomerPerSecond, long cpuMicros, long polls, long pollsAnswered,
			long ms, SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {

		/**
		 * @param accepted bookings accepted, each a customer polling
		 * @param cpuMicros api-service's CPU while they waited, in µs
		 * @param polls polls sent
		 * @param waitSeconds each customer's wait until the answer showing its final status, in s (customers
		 *     without one left out)
		 * @param ms from the start of the wait until the last final status, in ms
		 * @param bookingAnswers answers to the bookings by HTTP status
		 * @param waitAnswers answers to the polls by HTTP status ({@code 0}: none)
		 * @return the round, with its CPU per final at once a second
		 */
		static PollRound of(int accepted, long cpuMicros, long polls, List<Double> waitSeconds, long ms,
				SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> waitAnswers) {
			int finals = waitSeconds.size();
			long answered = waitAnswers.entrySet()
				.stream()
				.filter((entry) -> entry.getKey() != Answers.NO_ANSWER)
				.mapToLong(Map.Entry::getValue)
				.sum();
			double perPoll = (answered > 0) ? (double) cpuMicros / answered : 0;
			double waited = waitSeconds.stream().mapToDouble(Double::doubleValue).sum();
			double oncePerSecond = waitSeconds.stream().mapToDouble((wait) -> 1 + Math.floor(wait)).average().orElse(0);
			return new PollRound(accepted, finals, accepted - finals, perPoll * oncePerSecond,
					(finals > 0) ? (double) cpuMicros / finals : 0, perPoll, oncePerSecond,
					(finals > 0) ? waited / finals : 0, (waited > 0) ? answered / waited : 0, cpuMicros, polls,
					answered, ms, bookingAnswers, waitAnswers);
		}

	}

}
