package io.minitickets.loadtests.bench.streams;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;

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
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code streams} (issue 17, "Streams held"): one api-service holds 20,000 open status streams (scaled by
 * {@code --scale}) of PENDING bookings, opened by this JVM's own non-blocking client over loopback.
 * <p>
 * The stack's booking-worker is frozen (SIGSTOP, {@link FrozenWorker}) while 20,000 users book one seat each, so
 * their bookings stay PENDING, with their records waiting in Kafka. Then: api-service's heap after a full collection
 * ({@code jcmd GC.run}), its CPU ({@code /proc}) over the idle window without streams, the streams opened, its CPU
 * over the same window with them open (heartbeats and the once-a-second position check only: no position moves while
 * the worker is frozen), its heap after a full collection again. {@code heapBytesPerStream} is the heap's growth over
 * the streams held, {@code idleCpuPercentOfCore} the CPU with streams minus without, over the window. Then the worker
 * is resumed, and every stream must receive its booking's final status (CONFIRMED) and be closed by the server.
 * <p>
 * Both processes need an open-files limit above the streams (checked first): {@code ulimit -n 65536} before
 * {@code ./minitickets bench}, whose stack inherits it.
 */
public final class StreamsFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "streams";

	/** Issue 17's streams held at once, at {@code --scale 1}. */
	static final int STREAMS = 20_000;

	/** Issue 17's bar: heap growth per stream held. */
	static final long HEAP_BAR_BYTES = 20 * 1024;

	/** Issue 17's bar: idle streams' CPU, in % of one core. */
	static final double CPU_BAR_PERCENT = 1.0;

	/** The idle window at {@code --scale 1}: two of api-service's 15 s heartbeats. */
	static final Duration IDLE_WINDOW = Duration.ofSeconds(30);

	/** Files either process needs besides the streams' sockets (jars, logs, Kafka, Valkey, Postgres, epoll). */
	static final int FILES_BESIDES_STREAMS = 1_000;

	private static final Duration SETTLE = Duration.ofSeconds(2);

	private static final Duration FINAL_TIMEOUT = Duration.ofSeconds(180);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		int target = context.options().scaled(STREAMS);
		Duration window = Duration.ofMillis(Math.max(2_000, Math.round(IDLE_WINDOW.toMillis() * context.options().scale())));
		BenchStack stack = context.stack();
		CpuClock cpu = stack.apiCpu();
		ApiProcess api = new ApiProcess(cpu.pid());
		long apiFiles = api.openFilesLimit();
		long ownFiles = ApiProcess.ownOpenFilesLimit();
		if (Math.min(apiFiles, ownFiles) < target + FILES_BESIDES_STREAMS) {
			throw new StackException(String.format(Locale.ROOT, "%,d streams need an open-files limit of at least %,d "
					+ "in api-service (it has %,d) and in the bench (%,d): run `ulimit -n 65536` before "
					+ "./minitickets bench, after ./minitickets down (a running stack keeps the limit it started with)",
					target, target + FILES_BESIDES_STREAMS, apiFiles, ownFiles));
		}
		context.progress("%s: open-files limit %,d (api-service), %,d (bench); creating %,d users and an event...", NAME,
				apiFiles, ownFiles, target);
		long eventId = stack.createEvent(NAME, target);
		var users = stack.users(target);
		Answers bookingAnswers = new Answers();
		Answers streamAnswers = new Answers();
		Figures figures;
		// shut down, not closed: close() waits for every exchange, and a stream the server never ends would hold it
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		try (FrozenWorker worker = FrozenWorker.freeze(stack.session())) {
			context.progress("%s: booking-worker frozen (SIGSTOP); %,d bookings...", NAME, target);
			List<Customer> customers = new Bookers(http, stack.api(), context.options().connections()).book(users,
					eventId, bookingAnswers);
			long heapBefore = api.heapAfterGc();
			long cpuWithout = cpuOver(cpu, window);
			context.progress("%s: %,d PENDING; heap %,d bytes after GC, %,d µs CPU over %d s without streams; opening "
					+ "streams...", NAME, customers.size(), heapBefore, cpuWithout, window.toSeconds());
			StatusStreams streams = StatusStreams.open(http, stack.api(), customers, streamAnswers, false);
			ProcessWaits.pause(SETTLE);
			long heartbeatsBefore = streams.heartbeats();
			long cpuWith = cpuOver(cpu, window);
			long heapWith = api.heapAfterGc();
			int held = streams.open();
			context.progress("%s: %,d held; heap %,d bytes after GC, %,d µs CPU over %d s with them; resuming the "
					+ "worker...", NAME, held, heapWith, cpuWith, window.toSeconds());
			long heartbeats = streams.heartbeats() - heartbeatsBefore;
			worker.resume();
			int finals = streams.awaitFinal(FINAL_TIMEOUT);
			context.progress("%s: %,d of %,d streams received their final status", NAME, finals, customers.size());
			figures = new Figures(target, held, target - held, streamAnswers.other(200), perStream(heapWith - heapBefore, held),
					percentOfCore(cpuWith - cpuWithout, window), heapBefore, heapWith, window.toSeconds(), cpuWithout,
					cpuWith, heartbeats, customers.size(), finals, apiFiles, bookingAnswers.snapshot(),
					streamAnswers.snapshot());
		}
		finally {
			http.shutdownNow();
		}
		stack.awaitWorkerCaughtUp(Duration.ofMinutes(3));
		return new Measured(figures, bars(figures), breaches(figures));
	}

	private static long cpuOver(CpuClock cpu, Duration window) {
		long before = cpu.micros();
		ProcessWaits.pause(window);
		return cpu.micros() - before;
	}

	private static long perStream(long bytes, int held) {
		return (held > 0) ? bytes / held : 0;
	}

	private static double percentOfCore(long cpuMicros, Duration window) {
		return cpuMicros * 100.0 / (window.toNanos() / 1_000.0);
	}

	/**
	 * @param figures what was measured
	 * @return streams held (all of them), none dropped, heap per stream ≤ 20 KB, idle CPU ≤ 1 % of a core
	 */
	static List<Bar> bars(Figures figures) {
		return List.of(
				new Bar("streams: held open at once", String.format(Locale.ROOT, "%,d", figures.held()),
						String.format(Locale.ROOT, "≥ %,d", figures.streams()), figures.held() >= figures.streams()),
				Bar.atMost("streams: dropped or refused", figures.dropped(), "%,.0f", 0),
				Bar.atMost("streams: heap bytes per stream held (after GC)", figures.heapBytesPerStream(), "%,.0f",
						HEAP_BAR_BYTES),
				Bar.atMost("streams: idle CPU, % of a core", figures.idleCpuPercentOfCore(), "%.2f", CPU_BAR_PERCENT));
	}

	/**
	 * @param figures what was measured
	 * @return each broken promise: a booking not accepted (the streams could not all be held), a stream that never
	 * received its final status once the worker was resumed
	 */
	static List<String> breaches(Figures figures) {
		List<String> breaches = new ArrayList<>();
		if (figures.accepted() != figures.streams()) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d of %,d bookings accepted (answers %s)", NAME,
					figures.accepted(), figures.streams(), figures.bookingAnswers()));
		}
		if (figures.finals() != figures.accepted()) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d of %,d streams received their final status within %d s "
					+ "of the worker's resumption", NAME, figures.finals(), figures.accepted(),
					FINAL_TIMEOUT.toSeconds()));
		}
		return breaches;
	}

	/**
	 * The streams figure.
	 *
	 * @param streams streams the figure opens, one per PENDING booking
	 * @param held streams open at the end of the idle window
	 * @param dropped streams not held then: refused, failed, or closed by the server
	 * @param errors answers to the opens other than 200 (no answer counted as {@code 0})
	 * @param heapBytesPerStream api-service's heap in use after a full collection with the streams open, minus before
	 * they were opened, over the streams held, in bytes
	 * @param idleCpuPercentOfCore api-service's CPU over the idle window with the streams open, minus over the same
	 * window without, in % of one core
	 * @param heapBeforeBytes heap in use after a full collection before the streams, in bytes
	 * @param heapWithStreamsBytes heap in use after a full collection with them, in bytes
	 * @param idleWindowSeconds the idle window, in s
	 * @param cpuMicrosWithout api-service's CPU over the window without streams, in µs
	 * @param cpuMicrosWith api-service's CPU over the window with them, in µs
	 * @param heartbeats heartbeat comments received over all streams in the window
	 * @param accepted bookings accepted (202)
	 * @param finals streams that received their final status after the worker was resumed
	 * @param apiOpenFilesLimit api-service's open-files limit
	 * @param bookingAnswers answers to the bookings by HTTP status, retries included
	 * @param streamAnswers answers to the opens by HTTP status
	 */
	public record Figures(int streams, int held, int dropped, long errors, long heapBytesPerStream,
			double idleCpuPercentOfCore, long heapBeforeBytes, long heapWithStreamsBytes, long idleWindowSeconds,
			long cpuMicrosWithout, long cpuMicrosWith, long heartbeats, int accepted, int finals,
			long apiOpenFilesLimit, SortedMap<Integer, Long> bookingAnswers, SortedMap<Integer, Long> streamAnswers) {

	}

}
