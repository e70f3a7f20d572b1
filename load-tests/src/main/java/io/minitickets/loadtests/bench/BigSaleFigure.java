package io.minitickets.loadtests.bench;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.netty.handler.codec.http.FullHttpResponse;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.loadtests.verify.Sale;
import io.minitickets.loadtests.verify.Verification;
import io.minitickets.loadtests.verify.Verifier;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code bigSale}: 1,000,000 booking requests from 100,000 users for 10,000 seats (scaled by {@code --scale}), sent as
 * fast as the generator's connections allow, each user's ten requests spread over the sale so its bucket lets them
 * through. Then: how long after the last 202 every 202 was final in Postgres, and the verifier (nothing oversold,
 * every seat sold, every 202 settled, no drift, no lag).
 */
public final class BigSaleFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "bigSale";

	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration QUIET_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration POLL = Duration.ofMillis(20);

	private static final long SETTLED_BAR_MS = 5_000;

	/** {@link #awaitSettled}'s answer when Postgres did not hold every 202's booking within the settle timeout. */
	static final long NOT_SETTLED = -1;

	private static final String SETTLED_LABEL = "big sale: ms from the last 202 until every 202 final";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchOptions options = context.options();
		int requests = options.scaled(1_000_000);
		int seats = options.scaled(10_000);
		BenchStack stack = context.stack();
		context.progress("%s: creating %,d users...", NAME, options.scaled(100_000));
		List<LoadUser> users = stack.users(options.scaled(100_000));
		long eventId = stack.createEvent("big sale", seats);
		Answers answers = new Answers(System::currentTimeMillis);
		LoadRun run;
		context.progress("%s: %,d requests for %,d seats over %d connections...", NAME, requests, seats,
				options.connections());
		try (LoadGenerator generator = new LoadGenerator(stack.api(), options.connections())) {
			run = generator.count(new Bookings(stack.api(), eventId, users), requests, answers);
		}
		Inspector inspector = stack.inspector();
		long settledAfterMs = settledAfterMs(awaitSettled(inspector, eventId, answers.accepted.size()),
				() -> inspector.lastSettledAt(eventId), answers.lastAcceptedAt());
		Verification verification = new Verifier(inspector, SETTLE_TIMEOUT, QUIET_TIMEOUT)
			.verify(new Sale(Set.of(eventId), answers.accepted,
					(run.count(409) > 0) ? Map.of(eventId, 1) : Map.of(), false));
		long confirmedSeats = verification.events().stream().mapToLong(EventFacts::confirmedSeats).sum();
		Figures figures = new Figures(requests, users.size(), seats, confirmedSeats, verification.oversold(),
				verification.undersold(), verification.unsettled(), settledAfterMs,
				CeilingFigure.round(run.requestsPerSecond()), answers.accepted.size(), run.count(409), run.count(429),
				run.answered() - answers.accepted.size() - run.count(409) - run.count(429), verification.drift(),
				verification.consumerLag());
		List<Bar> bars = new ArrayList<>();
		bars.add(Bar.report("big sale req/s", String.format(Locale.ROOT, "%,.0f", figures.rps())));
		bars.add(Bar.atMost("big sale: seats oversold", figures.oversold(), "%.0f", 0));
		bars.add(new Bar("big sale: seats sold", String.format(Locale.ROOT, "%,d of %,d", confirmedSeats, seats),
				"all, none left after a 409", confirmedSeats == seats && figures.undersold() == 0));
		bars.add(Bar.atMost("big sale: 202s not final", figures.unsettled(), "%.0f", 0));
		bars.add(settledBar(settledAfterMs));
		if (figures.rateLimited() + figures.otherAnswers() > 0) {
			bars.add(Bar.report("big sale: answers 429 / other",
					figures.rateLimited() + " / " + figures.otherAnswers()));
		}
		List<String> breaches = new ArrayList<>(settleBreaches(settledAfterMs));
		verification.breaches().forEach((breach) -> breaches.add(NAME + ": " + breach));
		return new Measured(figures, bars, breaches);
	}

	/**
	 * @param settledAfterMs from the last 202 until every 202 was final, in ms, or {@link #NOT_SETTLED}
	 * @return the bar of at most 5 s; missed when the wait timed out
	 */
	static Bar settledBar(long settledAfterMs) {
		if (settledAfterMs == NOT_SETTLED) {
			return new Bar(SETTLED_LABEL, "not within " + SETTLE_TIMEOUT.toSeconds() + " s",
					String.format(Locale.ROOT, "≤ %,d", SETTLED_BAR_MS), false);
		}
		return Bar.atMost(SETTLED_LABEL, settledAfterMs, "%,.0f", SETTLED_BAR_MS);
	}

	/**
	 * @param settledAfterMs from the last 202 until every 202 was final, in ms, or {@link #NOT_SETTLED}
	 * @return a breach when the wait timed out (a 202 not final in 120 s is a broken promise, not a slow one), else
	 * none
	 */
	static List<String> settleBreaches(long settledAfterMs) {
		if (settledAfterMs == NOT_SETTLED) {
			return List.of(NAME + ": a 202 was not final within " + SETTLE_TIMEOUT.toSeconds() + " s of the last 202");
		}
		return List.of();
	}

	/**
	 * Waits until Postgres holds a booking for every 202, reading once the sale's load is over.
	 * @return true when it did within the settle timeout
	 */
	private static boolean awaitSettled(Inspector inspector, long eventId, int accepted) {
		long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
		while (System.nanoTime() - deadline < 0) {
			try {
				long bookings = inspector.events(Set.of(eventId)).stream().mapToLong(EventFacts::bookings).sum();
				if (bookings >= accepted) {
					return true;
				}
			}
			catch (StackException ex) {
				// a database too busy to answer in time: read again until the deadline
			}
			ProcessWaits.pause(POLL);
		}
		return false;
	}

	/**
	 * How long after the last 202 every 202 was final, from the settling transactions' own clock: the wait above ends
	 * only after the generator's last request, which in a sold-out sale comes a minute after the last 202, so timing
	 * the wait would time the remaining 409s instead (a run of 2026-12-03 printed 65,666 ms so, for a worker that had
	 * settled every booking within a second). The worker stamps {@code settled_at} on this machine's clock, as the
	 * generator stamps its answers.
	 * @param settled whether Postgres held every 202's booking within the settle timeout
	 * @param lastSettledAt the event's latest {@code settled_at}
	 * @param lastAcceptedAt when the last 202 was answered, in ms since the epoch
	 * @return from the last 202 until the last settle, in ms (0 when the settle came before the generator read its
	 * 202), or {@link #NOT_SETTLED}
	 */
	static long settledAfterMs(boolean settled, Supplier<@Nullable Instant> lastSettledAt, long lastAcceptedAt) {
		if (!settled) {
			return NOT_SETTLED;
		}
		Instant last = lastSettledAt.get();
		return (last != null) ? Math.max(0, last.toEpochMilli() - lastAcceptedAt) : 0;
	}

	/**
	 * The booking ids of the 202s and when the last 202 came, written on the generator's thread and read once its run
	 * is over. The last 202 starts the settle clock: the 409s of a sold-out sale keep coming long after it, and timing
	 * from them would hide the worker's part.
	 */
	static final class Answers implements ResponseSink {

		private static final String BOOKING_ID = "\"bookingId\":\"";

		private final Set<String> accepted = new HashSet<>();

		private final LongSupplier clock;

		private long lastAcceptedAt;

		/**
		 * @param clock the wall clock in ms since the epoch, {@link System#currentTimeMillis()} outside tests (the
		 * worker's {@code settled_at} is compared with it)
		 */
		Answers(LongSupplier clock) {
			this.clock = clock;
			this.lastAcceptedAt = clock.getAsLong();
		}

		/**
		 * @return when the last 202 was answered, in ms since the epoch, or when this was made if none was
		 */
		long lastAcceptedAt() {
			return this.lastAcceptedAt;
		}

		@Override
		public void answered(long index, int status, @Nullable FullHttpResponse response) {
			if (status == 202) {
				this.lastAcceptedAt = this.clock.getAsLong();
			}
			if (status == 202 && response != null) {
				String body = response.content().toString(StandardCharsets.UTF_8);
				int start = body.indexOf(BOOKING_ID);
				int end = (start < 0) ? -1 : body.indexOf('"', start + BOOKING_ID.length());
				if (end > 0) {
					this.accepted.add(body.substring(start + BOOKING_ID.length(), end));
				}
			}
		}

	}

	/**
	 * The big sale's figures.
	 *
	 * @param requests booking requests sent
	 * @param users users they came from
	 * @param seats the event's seats
	 * @param confirmedSeats seats CONFIRMED in Postgres
	 * @param oversold seats confirmed beyond capacity
	 * @param undersold seats left after a request was refused as sold out
	 * @param unsettled 202s whose booking was not in Postgres when the verifier's wait ended
	 * @param settledAfterMs from the last 202 until Postgres held every 202's booking, in ms; -1 when not within
	 * 120 s (the bar is then missed and the run breached)
	 * @param rps requests answered per second, from the first send to the last answer
	 * @param accepted answers 202
	 * @param soldOut answers 409
	 * @param rateLimited answers 429
	 * @param otherAnswers anything else, lost requests included
	 * @param drift seats by which the gate misses Postgres once quiet
	 * @param consumerLag records the worker had not committed once quiet
	 */
	public record Figures(int requests, int users, int seats, long confirmedSeats, long oversold, long undersold,
			int unsettled, long settledAfterMs, double rps, int accepted, int soldOut, int rateLimited,
			long otherAnswers, long drift, long consumerLag) {

	}

}
