package io.minitickets.loadtests.bench.waitingroom;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.Figure;
import io.minitickets.loadtests.bench.Measured;
import io.minitickets.loadtests.client.LoadUser;

/**
 * {@code waitingRoom} (issue 18, "Bars"): the waiting room measured on the local stack through its HTTP API, as
 * customers and an operator use it, sizes scaled by {@code --scale}.
 * <ul>
 * <li>Fairness ({@link Fairness}): 10,000 places joined before the opening in a known order; Spearman's ρ between
 * join order and admission order, bar |ρ| ≤ {@value #RHO_BAR}. 1,000 places joined after it one at a time: pairs
 * admitted out of join order, bar 0. Every account joins twice: accounts that held two places, bar 0.</li>
 * <li>Fixed rate ({@link FixedRate}): a room admitting {@value #FIXED_RATE}/s, admissions counted over 60 s (at a
 * smaller scale the window shrinks with it, to 5 s at least, and the output says so), bar within
 * ±{@value #RATE_BAR_PCT} %.</li>
 * <li>Scale ({@link AnswerCost}): 100,000 customers waiting in one room on the one api-service, asking their
 * position as fast as the machine answers: api-service's CPU per position answer, bar ≤ a sold-out 409's measured
 * right after it.</li>
 * <li>Auto ({@link AutoRush}): 100,000 customers rush a room in {@code auto} admission, and the worker is slowed to
 * a third of its speed when a third of them are through or a third of the rush's deadline passed (5 min at most): the worker group's lag at its highest as seconds of
 * settling, bar ≤ {@value #LAG_BAR_SECONDS} s; booking requests shed, bar 0; the admission rate within 25 % of the
 * slowed settle rate after the slow-down, bar ≤ {@value #FOLLOW_BAR_SECONDS} s.</li>
 * </ul>
 */
public final class WaitingRoomFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "waitingRoom";

	/** Issue 18's places joined before the opening, at {@code --scale 1}. */
	static final int PRE_QUEUE = 10_000;

	/** Places joined after the opening, at {@code --scale 1}. */
	static final int LATER = 1_000;

	/** Issue 18's customers waiting on one api-service, at {@code --scale 1}. */
	static final int WAITING = 100_000;

	/** The fixed rate measured, places a second, at {@code --scale 1}. */
	static final int FIXED_RATE = 100;

	/** Issue 18's window for the fixed rate, at {@code --scale 1}. */
	static final Duration RATE_WINDOW = Duration.ofSeconds(60);

	/** The shortest window for the fixed rate, at any scale. */
	static final Duration SHORTEST_RATE_WINDOW = Duration.ofSeconds(5);

	/** Issue 18's customers rushing a room in {@code auto} admission, at {@code --scale 1}. */
	static final int RUSH = 100_000;

	/** The longest the rush may take to get through, from its last join. */
	static final Duration RUSH_DEADLINE = Duration.ofMinutes(5);

	/** Issue 18's bar on the consumer lag in {@code auto} admission, seconds of settling. */
	static final int LAG_BAR_SECONDS = 10;

	/** Issue 18's bar on how soon the admission rate follows the slowed worker, seconds. */
	static final int FOLLOW_BAR_SECONDS = 10;

	/** Issue 18's bar on |Spearman's ρ| between join and admission order of the pre-queue. */
	static final double RHO_BAR = 0.05;

	/** Issue 18's bar on the fixed rate's error, percent. */
	static final double RATE_BAR_PCT = 5;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		try (Room room = new Room(context.stack().session().state())) {
			Fairness.Result fairness = Fairness.measure(context, room, context.options().scaled(PRE_QUEUE),
					context.options().scaled(LATER));
			List<LoadUser> waiting = context.stack().users(context.options().scaled(WAITING));
			Duration window = rateWindow(context.options().scale());
			if (!window.equals(RATE_WINDOW)) {
				context.progress("%s: --scale %s: the fixed rate is counted over %d s, not issue 18's %d s", NAME,
						context.options().scale(), window.toSeconds(), RATE_WINDOW.toSeconds());
			}
			FixedRate.Result rate = FixedRate.measure(context, room, waiting, context.options().scaled(FIXED_RATE),
					window);
			AnswerCost.Result cost = AnswerCost.measure(context, waiting);
			int customers = context.options().scaled(RUSH);
			AutoRush.Result auto = AutoRush.measure(context, room, context.stack().users(customers),
					rushDeadline(customers));
			Figures figures = new Figures(fairness.preQueue(), fairness.spearmanRho(), fairness.fifoViolations(),
					rate.measuredPerSecond(), rate.errorPct(), auto.maxLagSeconds(), auto.followSeconds(), auto.shed(),
					cost.positionCpuMicros(), cost.soldOutCpuMicros(), fairness.doublePlaces(), fairness, rate, cost,
					auto);
			return new Measured(figures, bars(figures), breaches(figures));
		}
	}

	/**
	 * @param customers the rush's customers
	 * @return how long they may take to get through: 20 s, and a second per 100 customers, 5 min at most
	 */
	static Duration rushDeadline(int customers) {
		return Duration.ofSeconds(Math.min(RUSH_DEADLINE.toSeconds(), 20 + customers / 100));
	}

	/**
	 * @param scale the run's {@code --scale}
	 * @return the fixed rate's window: 60 s scaled, 5 s at least, 60 s at most
	 */
	static Duration rateWindow(double scale) {
		long seconds = Math.round(RATE_WINDOW.toSeconds() * Math.min(1, scale));
		return Duration.ofSeconds(Math.max(SHORTEST_RATE_WINDOW.toSeconds(), seconds));
	}

	/**
	 * @param figures what was measured
	 * @return the bars: |ρ|, FIFO violations, double places, the fixed rate's error, CPU per position answer, the
	 * auto rush's lag, shed requests and how soon admission follows the slowed worker
	 */
	static List<Bar> bars(Figures figures) {
		Fairness.Result fairness = figures.fairness();
		FixedRate.Result rate = figures.rate();
		AnswerCost.Result cost = figures.cost();
		AutoRush.Result auto = figures.auto();
		boolean rateVoid = rate.waitingAtEnd() == 0;
		Bar rateBar = new Bar(String.format(Locale.ROOT, "waitingRoom: fixed %,d/s over %d s, error %%",
				rate.perSecond(), rate.windowSeconds()),
				String.format(Locale.ROOT, "%+.2f (%.2f/s)%s", figures.fixedRateErrorPct(), figures.fixedRate(),
						rateVoid ? " VOID: the line emptied" : ""),
				String.format(Locale.ROOT, "±%.0f", RATE_BAR_PCT),
				!rateVoid && Math.abs(figures.fixedRateErrorPct()) <= RATE_BAR_PCT);
		String soldOut = String.format(Locale.ROOT, "%.0f", figures.soldOutCpuMicros());
		Bar cpuBar = cost.positionAnswers()
			.judge(cost.soldOutAnswers()
				.judge(new Bar(String.format(Locale.ROOT,
						"waitingRoom: api-service CPU µs per position answer, %,d waiting", cost.waiting()),
						String.format(Locale.ROOT, "%.0f", figures.positionCpuMicros()),
						"≤ " + soldOut + " (a sold-out 409's)",
						figures.positionCpuMicros() <= figures.soldOutCpuMicros())));
		return List.of(
				Bar.report("waitingRoom: places before the opening, after it",
						String.format(Locale.ROOT, "%,d (%,d joined in time), %,d", fairness.preQueue(),
								fairness.joinedBeforeOpening(), fairness.later())),
				new Bar("waitingRoom: |Spearman's ρ|, join vs admission order of the pre-queue",
						String.format(Locale.ROOT, "%.4f%s", Math.abs(figures.spearmanRho()),
								(fairness.joinedBeforeOpening() < fairness.preQueue())
										? String.format(Locale.ROOT, " VOID: %,d of %,d joined in time",
												fairness.joinedBeforeOpening(), fairness.preQueue())
										: ""),
						String.format(Locale.ROOT, "≤ %.2f", RHO_BAR), Math.abs(figures.spearmanRho()) <= RHO_BAR
								&& fairness.joinedBeforeOpening() == fairness.preQueue()),
				Bar.atMost("waitingRoom: FIFO violations after the opening", figures.fifoViolations(), "%.0f", 0),
				Bar.atMost("waitingRoom: accounts that held two places", figures.doublePlaces(), "%.0f", 0), rateBar,
				cpuBar,
				Bar.report("waitingRoom: answers, positions", cost.positionAnswers().describe()),
				Bar.report("waitingRoom: answers, sold out", cost.soldOutAnswers().describe()),
				Bar.report("waitingRoom: auto rush, customers through, booked",
						String.format(Locale.ROOT, "%,d of %,d, %,d (settled %.0f/s before the slow-down, %.0f/s "
								+ "after)", auto.through(), auto.customers(), auto.booked(),
								auto.settledPerSecondBefore(), auto.settledPerSecondAfter())),
				Bar.atMost("waitingRoom: auto, worker lag at its highest, s of settling", figures.autoMaxLagSeconds(),
						"%.1f", LAG_BAR_SECONDS),
				Bar.atMost("waitingRoom: auto, booking requests shed", figures.shed(), "%.0f", 0),
				Bar.report("waitingRoom: auto, line still waiting after the slow-down, s",
						(auto.lineSeconds() < 0) ? "not slowed"
								: String.format(Locale.ROOT, "%.0f (slowed %.0f s into the rush)", auto.lineSeconds(),
										auto.slowedAtSeconds())),
				new Bar("waitingRoom: auto, admission stays within 20 % of the slowed worker's rate (5 s, or 5 s a "
						+ "reading before) after, s",
						String.format(Locale.ROOT, "%s (same 5 s only: %s)", seconds(auto.followSeconds()),
								seconds(auto.followSameWindowSeconds())),
						"≤ " + FOLLOW_BAR_SECONDS,
						auto.followSeconds() >= 0 && auto.followSeconds() <= FOLLOW_BAR_SECONDS));
	}

	private static String seconds(double follow) {
		return (follow < 0) ? "never" : String.format(Locale.ROOT, "%.0f", follow);
	}

	/**
	 * @param figures what was measured
	 * @return each broken promise: an account with two places, a join refused, a place dropped although read (before
	 * the opening, or in the auto rush), an admitted customer whose booking was not accepted
	 */
	static List<String> breaches(Figures figures) {
		List<String> breaches = new ArrayList<>();
		Fairness.Result fairness = figures.fairness();
		if (figures.doublePlaces() > 0) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d accounts held two places", NAME, figures.doublePlaces()));
		}
		if (fairness.joinsRefused() > 0) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d joins refused (answers %s)", NAME, fairness.joinsRefused(),
					fairness.joinAnswers()));
		}
		if (fairness.dropped() > 0) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d places dropped as abandoned although read", NAME,
					fairness.dropped()));
		}
		AutoRush.Result auto = figures.auto();
		if (auto.dropped() > 0) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d places dropped as abandoned in the auto rush although "
					+ "their customers read them (every %d s at most, as far as the load generator kept up)", NAME,
					auto.dropped(), AutoRush.KEEP_EVERY.toSeconds()));
		}
		if (auto.booked() != auto.through() - auto.dropped()) {
			breaches.add(String.format(Locale.ROOT, "%s: %,d customers admitted in the auto rush, %,d bookings "
					+ "accepted (answers, retries included: %s)", NAME, auto.through() - auto.dropped(), auto.booked(),
					auto.bookingAnswers()));
		}
		return breaches;
	}

	/**
	 * The waiting-room figure.
	 *
	 * @param places places joined before the opening
	 * @param spearmanRho Spearman's ρ between their join order and their admission order (bar |ρ| ≤ 0.05)
	 * @param fifoViolations places joined after the opening admitted out of join order, as pairs (bar 0)
	 * @param fixedRate places admitted a second by a room at a fixed rate, over the window
	 * @param fixedRateErrorPct its error, in percent of the rate set (bar ±5 %)
	 * @param autoMaxLagSeconds in {@code auto} admission under the rush, the worker group's lag at its highest, as
	 * seconds of settling (bar ≲ 10)
	 * @param autoFollowSeconds from the worker's slow-down until the admission rate stayed within 20 % of its slowed
	 * settle rate, s; −1 when it never did, or the worker was never slowed (bar ≤ 10)
	 * @param shed booking requests api-service shed during the rush (bar 0)
	 * @param positionCpuMicros api-service's CPU per position answer, µs (bar ≤ {@code soldOutCpuMicros})
	 * @param soldOutCpuMicros api-service's CPU per sold-out 409, µs, in the same run
	 * @param doublePlaces accounts that held two places (bar 0)
	 * @param fairness the fairness measurement in full
	 * @param rate the fixed-rate measurement in full
	 * @param cost the CPU-per-answer measurement in full
	 * @param auto the auto-admission measurement in full
	 */
	public record Figures(int places, double spearmanRho, long fifoViolations, double fixedRate,
			double fixedRateErrorPct, double autoMaxLagSeconds, double autoFollowSeconds, long shed, double positionCpuMicros,
			double soldOutCpuMicros, long doublePlaces, Fairness.Result fairness, FixedRate.Result rate,
			AnswerCost.Result cost, AutoRush.Result auto) {

	}

}
