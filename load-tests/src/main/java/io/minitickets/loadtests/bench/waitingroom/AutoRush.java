package io.minitickets.loadtests.bench.waitingroom;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.eta.CappedWorker;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code auto} admission under a rush, with the worker slowed to a third of its speed mid-sale.
 * <p>
 * The stack's worker is started again with booking-worker's bench-only slow-down file
 * ({@code MINITICKETS_WORKER_SLOWDOWNFILE}, no slow-down while it is missing) and settle-rate cap
 * ({@code MINITICKETS_WORKER_SETTLERATECAP}, {@link #cap}: a fifteenth of the customers a second, so that the worker
 * is the bottleneck at every scale and the line outlasts the slow-down by ~30 s, 2/3 of the customers at a third of the
 * cap; the slow-down divides the cap too), and batches of at most {@value #BATCH} records (so that the slowed worker
 * commits within each second's reading, as an uncapped worker of a real sale does). Every customer joins an open event's
 * room in {@code auto} admission (a seat each), then the customers follow the line as real ones would: the places
 * near its head are read ({@code GET}), and each customer read {@code ADMITTED} books one seat at once with its
 * admission token (under an Idempotency-Key; a 429, 503 or 409 "request in progress" sent again after a second,
 * {@value #BOOKING_RETRIES} times at most); meanwhile the customers still in the line ask their position round robin,
 * open model, at the customers / {@link #KEEP_EVERY} a second (on {@value #KEEPERS} more connections; a request that
 * found no free connection for a second is given up), so that each waiting place is read at least every 30 s, half
 * api-service's {@code minitickets.waiting-room.abandon-after} (60 s), and none is dropped as abandoned (a place
 * dropped is a breach: its customer was reading it). They once asked on two connections as fast as answered: under
 * the rush that read each place less often than once a minute (27,727 of 100,000 places dropped in a quiet full-size
 * run of 2026-12-06). Once the room admitted a third of the customers (two thirds still waiting), or a third of the
 * deadline has passed, the file says 3: each batch of the worker is followed by twice its time idle and the cap is
 * divided by 3. Every second a sampler reads the worker
 * group's end and committed offsets (Kafka admin) and the room's admitted count (Valkey); api-service's
 * {@code minitickets_bookings_shed_total} is read before and after. At the end the worker is started again as the
 * stack had it.
 */
final class AutoRush {

	/** The worker's bench-only setting naming the slow-down file. */
	static final String SLOWDOWN_VARIABLE = "MINITICKETS_WORKER_SLOWDOWNFILE";

	/** The slow-down: a third of the speed. */
	static final int SLOWDOWN = 3;

	/** Seconds over which the settle and admission rates are taken, sample to sample. */
	static final int RATE_SECONDS = 5;

	/** Issue 18's band around the slowed settle rate that the admission rate is to stay within, a share. */
	static final double FOLLOW_BAND = 0.2;

	/** Readings (a second each) by which the admission rate may trail the settle rate it follows. */
	static final int FOLLOW_DELAY_READINGS = 1;

	/** The worker's cap is the customers over this many seconds: the line lasts twice that after the slow-down. */
	static final int CAP_SECONDS = 15;

	/** The least cap, records a second. */
	static final int MIN_CAP = 10;

	/** The worker's most records a batch during the rush ({@code max-poll-records}; the stack's is 500). */
	static final int BATCH = 100;

	/** The worker's setting of its batch size (Spring Boot's {@code spring.kafka.consumer.max-poll-records}). */
	private static final String BATCH_VARIABLE = "SPRING_KAFKA_CONSUMER_MAXPOLLRECORDS";

	private static final Duration IDLE = Duration.ofMillis(250);

	/** Connections of the customers asking their position round robin while they wait (none is dropped unseen). */
	private static final int KEEPERS = 8;

	/** How often each customer still waiting reads its place at least: half api-service's abandon-after (60 s). */
	static final Duration KEEP_EVERY = Duration.ofSeconds(30);

	/** How long a position read waits for a free connection before it is given up. */
	private static final Duration KEEP_GIVE_UP = Duration.ofSeconds(1);

	private static final int SMALLEST_LOOK_AHEAD = 100;

	private static final int LARGEST_LOOK_AHEAD = 5_000;

	/** How many times a booking answered 429 or 503 is sent again. */
	static final int BOOKING_RETRIES = 3;

	private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	private AutoRush() {
	}

	/**
	 * @param context the run
	 * @param room the stack's Valkey, to read the room
	 * @param users the customers
	 * @param deadline how long the rush may take, from the last join
	 * @return what was measured
	 * @throws StackException when a join is refused, or the worker cannot be restarted
	 */
	static Result measure(BenchContext context, Room room, List<LoadUser> users, Duration deadline) {
		BenchStack stack = context.stack();
		Path slowdown = context.logDirectory().resolve("waiting-room-slowdown");
		CappedWorker worker = new CappedWorker(stack.session(), context.logDirectory());
		try {
			Files.deleteIfExists(slowdown);
			worker.start(Map.of(SLOWDOWN_VARIABLE, slowdown.toString(), CappedWorker.CAP_VARIABLE,
					Integer.toString(cap(users.size())), BATCH_VARIABLE, Integer.toString(BATCH)), "slowable");
			return rush(context, room, users, deadline, slowdown);
		}
		catch (IOException ex) {
			throw new StackException("Cannot write " + slowdown + ": " + ex, ex);
		}
		finally {
			worker.start(Map.of(), "after-waiting-room");
		}
	}

	/**
	 * @param customers the rush's customers
	 * @return the worker's settle-rate cap for the rush, records a second: the customers over {@value #CAP_SECONDS} s,
	 * at least {@value #MIN_CAP}
	 */
	static int cap(int customers) {
		return Math.max(MIN_CAP, customers / CAP_SECONDS);
	}

	private static Result rush(BenchContext context, Room room, List<LoadUser> users, Duration deadline,
			Path slowdown) throws IOException {
		BenchStack stack = context.stack();
		long eventId = stack.createWaitingRoomEvent(WaitingRoomFigure.NAME + " auto", users.size(),
				Instant.now().minusSeconds(60),
				Map.of("enabled", true, "admission", Map.of("mode", "auto"), "admittedForSeconds", 600));
		Places places = new Places(stack.api(), eventId);
		Inspector inspector = stack.inspector();
		URI metrics = metrics(stack);
		long shedBefore = shed(metrics);
		List<Sample> samples = new CopyOnWriteArrayList<>();
		ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections());
				LoadGenerator keepers = new LoadGenerator(stack.api(), KEEPERS)) {
			long start = System.nanoTime();
			sampler.scheduleAtFixedRate(() -> {
				Inspector.WorkerOffsets offsets = inspector.workerOffsets();
				samples.add(new Sample((System.nanoTime() - start) / 1e9, offsets.end(), offsets.committed(),
						room.status(eventId).admitted()));
			}, 0, 1, TimeUnit.SECONDS);
			context.progress("%s: %,d customers rush a room in auto admission...", WaitingRoomFigure.NAME, users.size());
			List<Places.Answer> joins = places.join(generator, users, 1);
			if (joins.stream().anyMatch((answer) -> !answer.isPlace())) {
				throw new StackException(WaitingRoomFigure.NAME + ": a join of the auto room was refused (answers " + Places.statuses(joins) + ")");
			}
			List<String> ids = joins.stream().map(Places.Answer::placeId).toList();
			AtomicInteger cursor = new AtomicInteger();
			Positions positions = new Positions(places, users, ids, cursor::get);
			LoadGenerator.Running kept = keepers.openUntilStopped(positions, keepRate(users.size()), deadline,
					KEEP_GIVE_UP, ResponseSink.IGNORE);
			long slowFrom = System.nanoTime();
			long until = slowFrom + deadline.toNanos();
			int lookAhead = SMALLEST_LOOK_AHEAD;
			long booked = 0;
			long dropped = 0;
			SortedMap<Integer, Long> bookingAnswers = new TreeMap<>();
			double slowedAt = -1;
			while (cursor.get() < ids.size() && System.nanoTime() - until < 0) {
				if (slowedAt < 0 && (room.status(eventId).admitted() >= ids.size() / SLOWDOWN
						|| System.nanoTime() - slowFrom > deadline.toNanos() / SLOWDOWN)) {
					Files.writeString(slowdown, Integer.toString(SLOWDOWN));
					slowedAt = (System.nanoTime() - start) / 1e9;
					context.progress("%s: %,d customers through: the worker slowed to a third of its speed",
							WaitingRoomFigure.NAME, cursor.get());
				}
				int from = cursor.get();
				int to = Math.min(ids.size(), from + lookAhead);
				List<Places.Answer> read = places.read(generator, users.subList(from, to), ids.subList(from, to));
				int through = 0;
				List<byte[]> bookings = new ArrayList<>();
				for (Places.Answer answer : read) {
					if ("ADMITTED".equals(answer.state()) && answer.admissionToken() != null) {
						bookings.add(places.bookRequest(users.get(from + through), answer.admissionToken(),
								UUID.randomUUID().toString()));
					}
					else if ("DROPPED".equals(answer.state())) {
						dropped++;
					}
					else {
						break;
					}
					through++;
				}
				booked += book(places, generator, bookings, bookingAnswers);
				cursor.addAndGet(through);
				lookAhead = Math.clamp(2L * Math.max(through, lookAhead / 2), SMALLEST_LOOK_AHEAD, LARGEST_LOOK_AHEAD);
				if (through == 0) {
					ProcessWaits.pause(IDLE);
				}
			}
			double emptiedAt = (cursor.get() >= ids.size()) ? (System.nanoTime() - start) / 1e9 : -1;
			Files.writeString(slowdown, "1");
			kept.stop(Duration.ofSeconds(30));
			stack.awaitWorkerCaughtUp(Duration.ofMinutes(3));
			ProcessWaits.pause(Duration.ofSeconds(1));
			long shed = shed(metrics) - shedBefore;
			return Result.of(users.size(), cursor.get(), booked, dropped, shed, slowedAt, emptiedAt, List.copyOf(samples),
					bookingAnswers);
		}
		finally {
			sampler.shutdownNow();
		}
	}

	/**
	 * Books as the customers' clients do: each booking under its own Idempotency-Key, a 429 or 503 (the limiter, or
	 * Valkey or Postgres briefly unable to answer) or a 409 "request in progress" sent again with the same key after a
	 * second, up to {@value #BOOKING_RETRIES} times.
	 *
	 * @param answers every answer, retries included, counted by HTTP status
	 * @return bookings accepted (202)
	 */
	private static long book(Places places, LoadGenerator generator, List<byte[]> bookings,
			SortedMap<Integer, Long> answers) {
		List<byte[]> sending = bookings;
		long accepted = 0;
		for (int attempt = 0; attempt <= BOOKING_RETRIES && !sending.isEmpty(); attempt++) {
			if (attempt > 0) {
				ProcessWaits.pause(RETRY_AFTER);
			}
			List<Places.Answer> sent = places.send(generator, sending.size(), sending::get);
			List<byte[]> again = new ArrayList<>();
			for (int i = 0; i < sent.size(); i++) {
				Places.Answer answer = sent.get(i);
				answers.merge(answer.status(), 1L, Long::sum);
				if (answer.status() == 202) {
					accepted++;
				}
				else if (answer.status() == 429 || answer.status() == 503 || (answer.status() == 409
						&& ProblemTypes.REQUEST_IN_PROGRESS.toString().equals(answer.problemType()))) {
					again.add(sending.get(i));
				}
			}
			sending = again;
		}
		return accepted;
	}

	/**
	 * @param customers customers in the line
	 * @return position reads a second that read every waiting place at least every {@link #KEEP_EVERY} (at least 1)
	 */
	static double keepRate(int customers) {
		return Math.max(1.0, customers / (double) KEEP_EVERY.toSeconds());
	}

	private static URI metrics(BenchStack stack) {
		ManagedProcess api = stack.session()
			.state()
			.process(Service.API_SERVICE.module())
			.orElseThrow(() -> new StackException("The stack has no api-service"));
		if (api.healthUrl() == null) {
			throw new StackException("The stack's api-service has no management URL recorded");
		}
		return URI.create(api.healthUrl()).resolve("/actuator/prometheus");
	}

	/**
	 * @param metrics api-service's Prometheus endpoint
	 * @return {@code minitickets_bookings_shed_total} now
	 */
	private static long shed(URI metrics) {
		try (HttpClient http = HttpClient.newHttpClient()) {
			String text = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(10)).GET().build(),
					HttpResponse.BodyHandlers.ofString()).body();
			return text.lines()
				.filter((line) -> line.startsWith("minitickets_bookings_shed_total"))
				.mapToLong((line) -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
				.sum();
		}
		catch (IOException ex) {
			throw new StackException("Cannot read " + metrics + ": " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while reading " + metrics, ex);
		}
	}

	/**
	 * One second's reading.
	 *
	 * @param seconds since the rush began
	 * @param end records ever written to {@code bookings.requested}
	 * @param committed records the worker group committed
	 * @param admitted places the room admitted so far
	 */
	record Sample(double seconds, long end, long committed, long admitted) {
	}

	/**
	 * The auto-admission figures.
	 *
	 * @param customers customers who joined
	 * @param through customers admitted (or dropped) before the deadline
	 * @param booked bookings accepted (202) with an admission token
	 * @param dropped places dropped as abandoned on the way
	 * @param shed booking requests api-service shed during the rush (bar 0)
	 * @param slowedAtSeconds when the worker was slowed, seconds into the rush; −1 when it never was
	 * @param lineSeconds how long the line was still non-empty after the slow-down (until the last customer was
	 * through, or the deadline), s; −1 when the worker was never slowed
	 * @param maxLagSeconds the worker group's lag at its highest, as seconds of settling: for each second's reading,
	 * the time until the group's committed offsets reached the end offsets read then (bar ≲ 10)
	 * @param settledPerSecondBefore the settle rate over the {@value #RATE_SECONDS} s before the slow-down
	 * @param settledPerSecondAfter the settle rate over the last {@value #RATE_SECONDS} s of the rush while places were
	 * still waiting
	 * @param followSeconds from the slow-down until the admission rate stayed within {@link #FOLLOW_BAND} (20 %) of the
	 * slowed settle rate, s: the end of the first {@value #RATE_SECONDS} s window wholly after the slow-down from which on
	 * every window that ended before the line emptied was within it; −1 when none was (bar ≤ 10). A window of
	 * admissions is within the band when it is within 20 % of the settle rate over the same {@value #RATE_SECONDS} s or
	 * over the {@value #RATE_SECONDS} s ending one reading ({@value #FOLLOW_DELAY_READINGS} s) earlier (when that window
	 * too began after the slow-down): api-service sets the rate from the worker group's offsets read once a second, so
	 * it can follow the worker's speed a reading after it changed at the earliest, and against the same window alone it
	 * is judged on foreseeing the worker's swings (the slowed worker's 5 s settle rate moved by ±20 % within seconds in
	 * the quiet full-size run of 2026-12-06)
	 * @param followSameWindowSeconds the same against the same window only, s; −1 when never within it (no bar: kept to
	 * show what the one reading's delay changes)
	 * @param samples every second's reading
	 * @param bookingAnswers the admitted customers' booking answers by HTTP status, retries included
	 */
	record Result(int customers, int through, long booked, long dropped, long shed, double slowedAtSeconds,
			double lineSeconds, double maxLagSeconds, double settledPerSecondBefore, double settledPerSecondAfter,
			double followSeconds, double followSameWindowSeconds, List<Sample> samples,
			SortedMap<Integer, Long> bookingAnswers) {

		/**
		 * @param emptiedAt when the last customer was through, seconds into the rush; −1 when the deadline came first
		 * @param bookingAnswers the admitted customers' booking answers by HTTP status, retries included
		 */
		static Result of(int customers, int through, long booked, long dropped, long shed, double slowedAt,
				double emptiedAt, List<Sample> samples, SortedMap<Integer, Long> bookingAnswers) {
			double maxLag = 0;
			double before = 0;
			double after = 0;
			double follow = -1;
			double followSameWindow = -1;
			int settledBy = 0;
			for (int i = 0; i < samples.size(); i++) {
				// how long the records written by this sample waited: until a later sample's committed offsets reach it
				Sample now = samples.get(i);
				settledBy = Math.max(settledBy, i);
				while (settledBy < samples.size() && samples.get(settledBy).committed() < now.end()) {
					settledBy++;
				}
				double waited = (settledBy < samples.size()) ? samples.get(settledBy).seconds() - now.seconds()
						: samples.getLast().seconds() - now.seconds();
				maxLag = Math.max(maxLag, waited);
				if (i < RATE_SECONDS) {
					continue;
				}
				Sample then = samples.get(i - RATE_SECONDS);
				double settled = rate(samples, i);
				double admitted = (now.admitted() - then.admitted()) / (now.seconds() - then.seconds());
				if (slowedAt < 0 || now.seconds() <= slowedAt) {
					before = settled;
				}
				else {
					boolean lineWaiting = emptiedAt < 0 || now.seconds() <= emptiedAt;
					if (lineWaiting) {
						after = settled;
					}
					if (then.seconds() >= slowedAt && lineWaiting) {
						boolean sameWindow = within(admitted, settled);
						int earlier = i - FOLLOW_DELAY_READINGS;
						boolean readingBefore = earlier >= RATE_SECONDS
								&& samples.get(earlier - RATE_SECONDS).seconds() >= slowedAt
								&& within(admitted, rate(samples, earlier));
						follow = followed(follow, sameWindow || readingBefore, now.seconds() - slowedAt);
						followSameWindow = followed(followSameWindow, sameWindow, now.seconds() - slowedAt);
					}
				}
			}
			double line = -1;
			if (slowedAt >= 0) {
				line = ((emptiedAt >= 0) ? emptiedAt : samples.isEmpty() ? slowedAt : samples.getLast().seconds())
						- slowedAt;
			}
			return new Result(customers, through, booked, dropped, shed, slowedAt, line, maxLag, before, after, follow,
					followSameWindow, samples, new TreeMap<>(bookingAnswers));
		}

		/** The settle rate over the {@value #RATE_SECONDS} readings ending at sample {@code i}, records a second. */
		private static double rate(List<Sample> samples, int i) {
			Sample now = samples.get(i);
			Sample then = samples.get(i - RATE_SECONDS);
			return (now.committed() - then.committed()) / (now.seconds() - then.seconds());
		}

		private static boolean within(double admitted, double settled) {
			return Math.abs(admitted - settled) <= FOLLOW_BAND * settled;
		}

		/** The follow so far after a window that ended {@code at} s after the slow-down: reset when out of the band. */
		private static double followed(double follow, boolean within, double at) {
			if (!within) {
				return -1;
			}
			return (follow < 0) ? at : follow;
		}

	}

}
