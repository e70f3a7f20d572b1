package io.minitickets.loadtests.bench.expiry;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.ValkeyEndpoint;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * {@code expiry} (issue 16, item 3): 100,000 HELD one-seat bookings of one paid event of as many seats (scaled by
 * {@code --scale}), every one due in the same second a few seconds ahead, expired by the stack's real booking-worker.
 * <p>
 * The holds are written directly ({@link DueHolds}, {@link Gate}): the rows, the event's {@code seats_sold} and the
 * gate's counter and per-user seats as the settlements would have left them; through the API they would be due over
 * the seconds the worker takes to settle them. Then, from the due second, Postgres and the gate are read every 20 ms:
 * {@code allExpiredMs} until no booking is HELD, {@code seatsBackMs} until the gate's counter and
 * {@code capacity − seats_sold} both offer every seat again, and {@code p99LateMs} is the 99th percentile of
 * {@code ended_at − hold_expires_at}. Bars: each ≤ 2,000 ms. Breaches: a wait longer than 120 s, and anything lost or
 * counted twice (every booking EXPIRED once, {@code seats_sold} 0, the gate at capacity, every booking marked returned
 * there, no user's seats left, no drift between the gate and Postgres).
 */
public final class ExpiryFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "expiry";

	/** Issue 16's holds due at once, at {@code --scale 1}. */
	static final int HOLDS = 100_000;

	/** Issue 16's bar (item 3), for the p99 lateness and, from the due second, for every hold and seat. */
	static final long BAR_MS = 2_000;

	/** {@link Figures}'s value for a wait that ran out. */
	static final long NOT_WITHIN_TIMEOUT = -1;

	/** How long after the due second the figure waits for the expiry before it calls the run broken. */
	static final Duration TIMEOUT = Duration.ofSeconds(120);

	/** How far ahead of the set-up's start the due second is: writing 100,000 rows takes 1–4 s on this machine. */
	private static final Duration SET_UP_AHEAD = Duration.ofSeconds(10);

	private static final Duration POLL = Duration.ofMillis(20);

	private static final long PRICE = 1_000;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		int holds = context.options().scaled(HOLDS);
		BenchStack stack = context.stack();
		StackState state = stack.session().state();
		PostgresEndpoint postgres = state.postgres();
		ValkeyEndpoint valkey = state.valkey();
		if (postgres == null || valkey == null) {
			throw new StackException("The stack has no Postgres or Valkey recorded");
		}
		context.progress("%s: creating %,d users and a paid event of %,d seats...", NAME, holds, holds);
		List<Long> userIds = stack.users(holds).stream().map(LoadUser::id).toList();
		long eventId = stack.createPaidEvent(NAME, holds, PRICE, "EUR");
		ValkeyKeys.EventKeys keys = new ValkeyKeys(valkey.keyPrefix()).event(eventId);
		Instant due = Instant.now().plus(SET_UP_AHEAD).truncatedTo(ChronoUnit.SECONDS);
		try (DueHolds rows = new DueHolds(postgres)) {
			Figures figures = ValkeyProbe.call(valkey.url(), (commands) -> {
				Gate gate = new Gate(commands, keys);
				context.progress("%s: writing %,d HELD bookings due at %s...", NAME, holds, due);
				rows.hold(eventId, userIds, due);
				gate.hold(holds, userIds);
				if (!Instant.now().isBefore(due)) {
					throw new StackException("Writing the HELD bookings took until " + Instant.now()
							+ ", past their due second " + due + "; the expiry cannot be timed from it");
				}
				Waits waits = await(rows, gate, eventId, holds, due);
				context.progress("%s: all EXPIRED %,d ms, seats back %,d ms after the due second", NAME,
						waits.allExpiredMs(), waits.seatsBackMs());
				return figures(holds, waits, rows.lateness(eventId), rows.outcome(eventId), gate);
			});
			return new Measured(figures, bars(figures), breaches(figures));
		}
	}

	/**
	 * Reads Postgres and the gate every 20 ms from the due second until every hold is EXPIRED and every seat is
	 * offered again by both, or {@link #TIMEOUT} after the due second.
	 */
	private static Waits await(DueHolds rows, Gate gate, long eventId, int holds, Instant due) {
		Duration untilDue = Duration.between(Instant.now(), due);
		if (untilDue.isPositive()) {
			ProcessWaits.pause(untilDue);
		}
		long deadline = due.plus(TIMEOUT).toEpochMilli();
		long allExpiredAt = NOT_WITHIN_TIMEOUT;
		long seatsBackAt = NOT_WITHIN_TIMEOUT;
		while ((allExpiredAt == NOT_WITHIN_TIMEOUT || seatsBackAt == NOT_WITHIN_TIMEOUT)
				&& System.currentTimeMillis() < deadline) {
			DueHolds.Progress progress = rows.progress(eventId);
			long available = gate.available();
			long now = System.currentTimeMillis();
			if (allExpiredAt == NOT_WITHIN_TIMEOUT && !progress.anyHeld()) {
				allExpiredAt = now;
			}
			if (seatsBackAt == NOT_WITHIN_TIMEOUT && progress.free() == holds && available == holds) {
				seatsBackAt = now;
			}
			ProcessWaits.pause(POLL);
		}
		return new Waits(since(due, allExpiredAt), since(due, seatsBackAt));
	}

	private static long since(Instant due, long at) {
		return (at == NOT_WITHIN_TIMEOUT) ? NOT_WITHIN_TIMEOUT : Math.max(0, at - due.toEpochMilli());
	}

	private static Figures figures(int holds, Waits waits, DueHolds.Lateness lateness, DueHolds.Outcome outcome,
			Gate gate) {
		long available = gate.available();
		return new Figures(holds, waits.allExpiredMs(), Math.round(lateness.p99Ms()), Math.round(lateness.maxMs()),
				waits.seatsBackMs(), outcome.expired(), outcome.ended(), outcome.bookings(), outcome.seatsSold(),
				available, gate.returned(), gate.usersWithSeats(),
				available - (outcome.capacity() - outcome.seatsSold()));
	}

	/**
	 * @param figures what was measured
	 * @return the p99 lateness, all-expired and seats-back rows, each held to 2,000 ms
	 */
	static List<Bar> bars(Figures figures) {
		return List.of(Bar.report("expiry: holds due in the same second", String.format(Locale.ROOT, "%,d",
				figures.holds())), Bar.atMost("expiry: p99 ms from hold_expires_at to EXPIRED", figures.p99LateMs(),
						"%,.0f", BAR_MS),
				waitBar("expiry: ms from the due second until all EXPIRED", figures.allExpiredMs()),
				waitBar("expiry: ms from the due second until every seat is offered again", figures.seatsBackMs()));
	}

	private static Bar waitBar(String label, long ms) {
		if (ms == NOT_WITHIN_TIMEOUT) {
			return new Bar(label, "not within " + TIMEOUT.toSeconds() + " s", String.format(Locale.ROOT, "≤ %,d",
					BAR_MS), false);
		}
		return Bar.atMost(label, ms, "%,.0f", BAR_MS);
	}

	/**
	 * @param figures what was measured
	 * @return each broken promise: a wait that ran out, a hold not expired exactly once, a seat not back or counted
	 * twice, the gate and Postgres apart
	 */
	static List<String> breaches(Figures figures) {
		List<String> breaches = new ArrayList<>();
		if (figures.allExpiredMs() == NOT_WITHIN_TIMEOUT || figures.seatsBackMs() == NOT_WITHIN_TIMEOUT) {
			breaches.add(NAME + ": holds not all EXPIRED with their seats back within " + TIMEOUT.toSeconds()
					+ " s of their due second");
		}
		if (figures.expired() != figures.holds() || figures.ended() != figures.holds()
				|| figures.bookings() != figures.holds()) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d bookings HELD, but Postgres holds %,d, %,d EXPIRED, "
					+ "%,d ended", NAME, figures.holds(), figures.bookings(), figures.expired(), figures.ended()));
		}
		if (figures.seatsSold() != 0 || figures.gateAvailable() != figures.holds() || figures.drift() != 0) {
			breaches.add(String.format(Locale.ROOT, "%s: seats_sold %,d and the gate %,d of %,d seats once expired "
					+ "(drift %,d)", NAME, figures.seatsSold(), figures.gateAvailable(), figures.holds(),
					figures.drift()));
		}
		if (figures.returnedToGate() != figures.holds() || figures.usersWithSeats() != 0) {
			breaches.add(String.format(Locale.ROOT, "%s: the gate marked %,d of %,d bookings returned and still "
					+ "counts seats of %,d users", NAME, figures.returnedToGate(), figures.holds(),
					figures.usersWithSeats()));
		}
		return breaches;
	}

	/**
	 * @param allExpiredMs from the due second until no booking was HELD
	 * @param seatsBackMs from the due second until the gate and Postgres both offered every seat
	 */
	private record Waits(long allExpiredMs, long seatsBackMs) {
	}

	/**
	 * The expiry figure.
	 *
	 * @param holds HELD bookings of one seat, all due in the same second, on an event of as many seats
	 * @param allExpiredMs from the due second until Postgres held none HELD (read every 20 ms), in ms;
	 * {@value #NOT_WITHIN_TIMEOUT} when not within 120 s
	 * @param p99LateMs 99th percentile of {@code ended_at − hold_expires_at}, in ms ({@code ended_at} is the expiring
	 * transaction's start)
	 * @param maxLateMs the largest {@code ended_at − hold_expires_at}, in ms
	 * @param seatsBackMs from the due second until the gate's counter and {@code capacity − seats_sold} both offered
	 * every seat (read every 20 ms), in ms; {@value #NOT_WITHIN_TIMEOUT} when not within 120 s
	 * @param expired bookings EXPIRED at the end
	 * @param ended bookings with an {@code ended_at} at the end
	 * @param bookings the event's bookings at the end
	 * @param seatsSold the event's {@code seats_sold} at the end
	 * @param gateAvailable the gate's counter at the end
	 * @param returnedToGate bookings the gate marked returned
	 * @param usersWithSeats users the gate still counts seats of at the end
	 * @param drift the gate's counter minus {@code capacity − seats_sold} at the end
	 */
	public record Figures(int holds, long allExpiredMs, long p99LateMs, long maxLateMs, long seatsBackMs, long expired,
			long ended, long bookings, long seatsSold, long gateAvailable, long returnedToGate, long usersWithSeats,
			long drift) {

	}

}
