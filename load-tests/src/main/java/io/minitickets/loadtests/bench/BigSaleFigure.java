package io.minitickets.loadtests.bench;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
 * through. Then: how long after the last answer every 202 was final in Postgres, and the verifier (nothing oversold,
 * every seat sold, every 202 settled, no drift, no lag).
 */
public final class BigSaleFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "bigSale";

	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration QUIET_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration POLL = Duration.ofMillis(20);

	private static final long SETTLED_BAR_MS = 5_000;

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
		Answers answers = new Answers();
		LoadRun run;
		context.progress("%s: %,d requests for %,d seats over %d connections...", NAME, requests, seats,
				options.connections());
		try (LoadGenerator generator = new LoadGenerator(stack.api(), options.connections())) {
			run = generator.count(new Bookings(stack.api(), eventId, users), requests, answers);
		}
		Inspector inspector = stack.inspector();
		long settledAfterMs = awaitSettled(inspector, eventId, answers.accepted.size(), answers.lastAnsweredAt);
		Verification verification = new Verifier(inspector, SETTLE_TIMEOUT, QUIET_TIMEOUT)
			.verify(new Sale(Set.of(eventId), answers.accepted,
					(run.count(409) > 0) ? Map.of(eventId, 1) : Map.of()));
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
		bars.add(Bar.atMost("big sale: ms from last answer until every 202 final", settledAfterMs, "%,.0f",
				SETTLED_BAR_MS));
		if (figures.rateLimited() + figures.otherAnswers() > 0) {
			bars.add(Bar.report("big sale: answers 429 / other",
					figures.rateLimited() + " / " + figures.otherAnswers()));
		}
		List<String> breaches = verification.breaches().stream().map((breach) -> NAME + ": " + breach).toList();
		return new Measured(figures, bars, breaches);
	}

	/**
	 * @return from the last answer until Postgres holds a booking for every 202, in ms; -1 when not within the
	 * settle timeout
	 */
	private static long awaitSettled(Inspector inspector, long eventId, int accepted, long lastAnsweredAt) {
		long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
		while (System.nanoTime() - deadline < 0) {
			try {
				long bookings = inspector.events(Set.of(eventId)).stream().mapToLong(EventFacts::bookings).sum();
				if (bookings >= accepted) {
					return Duration.ofNanos(System.nanoTime() - lastAnsweredAt).toMillis();
				}
			}
			catch (StackException ex) {
				// a database too busy to answer in time: read again until the deadline
			}
			ProcessWaits.pause(POLL);
		}
		return -1;
	}

	/**
	 * The booking ids of the 202s and when the last answer came, written on the generator's thread and read once its
	 * run is over.
	 */
	private static final class Answers implements ResponseSink {

		private static final String BOOKING_ID = "\"bookingId\":\"";

		private final Set<String> accepted = new HashSet<>();

		private long lastAnsweredAt = System.nanoTime();

		@Override
		public void answered(long index, int status, @Nullable FullHttpResponse response) {
			this.lastAnsweredAt = System.nanoTime();
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
	 * @param settledAfterMs from the last answer until Postgres held every 202's booking, in ms; -1 when not within
	 * 120 s
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
