package io.minitickets.api.waitingroom;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The {@code auto} admission rule (issue 18): how many places a second a waiting room admits so that the pipeline
 * behind it stays within what it is measured to settle.
 * <p>
 * The lag is judged in seconds of settling at the worker's <em>current</em> rate: its recent settle rate (over the
 * last {@code minitickets.queue.recent-rate-window}, 2 s, while it was busy: what it settles now, up or down), so
 * that a worker slowed to a third is seen as one within that window rather than over the smoothed rate's half-life
 * (10 s); its smoothed rate only while no recent one is measured. The rule once took the lower of the two: that
 * reacts as fast to a slow-down, but lags every speed-up by the half-life, and a worker whose speed swings (the bench's
 * slowed worker: its 5 s settle rate between ~800 and ~1,340 a second around ~1,000, full-size run of 2026-12-06)
 * was always judged at its slow moments: admission 20–29 % under what it settled for 40 s
 * ({@code AutoAdmissionRateTests}' swinging worker: the lower of the two missed the follow with 7 of 20 drawn
 * speeds, the recent rate 2 with the excess drained over 40 s and none over 90 s, below). Before either is measured, records ahead are judged at the pipeline's throughput
 * (below) rather than as infinitely many seconds, which would drop the rate to the floor in the middle of the ramp.
 * <p>
 * While the pipeline keeps up the rate grows from what the rooms were last given, doubling every second at most (TCP
 * slow-start style: a round of 200 ms grows it by 2<sup>0.2</sup>, a gap of more than a second by 2 at most; fractions
 * kept between rounds), starting from the floor, but never past {@code gain × throughput} (at least 64/s): the records
 * the worker group committed a second over the last 2 s <em>whether or not it was busy</em>, i.e. what the pipeline
 * delivered (BBR style). An admission shows in the offsets only once its booking reached Kafka and the next reading
 * (once a second) was taken: 3–4 s in the bench, where a booking follows its admission by 2–3 s. Doubling every second
 * on what was given, as the rule did before, had admitted up to 4× the worker's speed by the time the records ahead
 * showed it (bench runs of 2026-12-04: 15–18 s of lag once the worker slowed to a third; this class's simulation,
 * {@code AutoAdmissionRateTests}, 22–23 s). Bounded by what was delivered, the rate grows by {@code gain} per delivery
 * delay while the worker keeps up (its throughput is then what was admitted that delay earlier), and once it is the
 * bottleneck its throughput is at most its speed, so the rate is at most {@code gain} × its speed. The gain is 2 while
 * no records wait (at most a tenth of a second of the throughput ahead: a worker keeping up, where the ramp from the
 * floor of 1/s takes 6 s to the unbounded 64/s and then 3.4 doublings of ~4 s each to the bench's 666/s, 23–28 s in the
 * simulation) and 1.25 once some do (BBR's probing gain: the worker nears its speed, and what was admitted beyond it in
 * the last delivery delay, up to a quarter of its speed for ~4 s, is a second of lag, three after a slow-down to a
 * third). A growth not bounded by delivery cannot be stopped by a lag that shows 3–4 s late; a lower gain ramps too
 * slowly (1.5: ~60–80 s from 1/s to 666/s in a model of the simulation without the unbounded 64/s). What this does not
 * bound: a slow-down landing just as the ramp first reaches the worker's speed meets up to 2× its speed admitted over
 * the last delivery delay (13–18 s of lag at the slowed speed in that model), and where customers book tens of seconds
 * after admission the ramp past 64/s grows ×2 per that delay. Growth up to 64/s is not bounded: admitted customers who
 * have not booked yet deliver nothing, and the bench's first ones are read only once a few dozen are admitted (bench
 * runs of 2026-12-04 22:30–22:49: ~60 s at 1/s with a bound of twice nothing).
 * <p>
 * Once the records ahead reach {@code lagTarget} of settling at the current rate, the worker is the bottleneck and its
 * current rate its capacity: the settle-rate rule {@code rate = settled/s + (settled/s × lagTarget − recordsAhead) /
 * drainOver} takes over (the settle rate less by what drains the excess over {@code drainOver}; more, at most by
 * {@code lagTarget / drainOver} of it, below the target), which is what follows a worker that slows down. Growth
 * resumes once the records ahead are back under half the target (or none). Growth never gives less than the
 * settle-rate rule.
 * <p>
 * Where the defaults come from ({@link WaitingRoomProperties}): a worker slowed to a third turns a lag of
 * {@code lagTarget} into 3 × {@code lagTarget} at once, plus what the old rate admits until the rule sees the slow-down (a
 * reading and the recent window: ~2 s) and what was in transit to Kafka then; 1 s leaves the most room under issue 18's
 * ~10 s (≤ 10 s in the simulation of the bench's rush with bookings 2–3 s behind their admission; 2.8–7.6 s in the
 * bench runs of 2026-12-04 22:30–23:07) while staying above the batches' noise of a worker committing ~100 records at a
 * time. {@code drainOver} is (10 − 1) s / 10 % = 90 s: while the lag is within issue 18's ~10 s the rule drains the
 * excess at most a tenth under the settle rate, leaving the rest of issue 18's ±20 % band to the worker's own swings
 * (its 5 s settle rate varied by 12–15 % (coefficient of variation) after the bench's slow-down on this machine,
 * 2026-12-06); 40 s, as before, drained a 9 s lag 20 % under the settle rate, and with the swings admission left the
 * band for 40 s after the slow-down.
 * <p>
 * While the lag is unknown (no offset reading yet, or the worker group committed on no partition: a new group, nothing
 * settled yet) or nothing was delivered yet (a throughput needs two readings), the rate is held at what was last given
 * (the floor at first), not grown: growth needs both to check it, and nothing else would stop it before requests are
 * shed.
 * <p>
 * The rate is shared equally by the rooms admitting in {@code auto} with places waiting, each at least {@code floor}
 * and at most its ceiling; what they were given is what the next round grows from. It is 0 (no floor) while the in-flight booking
 * requests are at {@code inFlightShare} of their limit or more, and for {@code shedHold} after any request was shed;
 * a shed also halves the rate grown from, and the first round after a pause does not grow it. Not thread-safe: one admission thread calls it.
 */
final class AutoAdmissionRate {

	/** The most of a room without a ceiling: the admin API's largest fixed rate. */
	private static final int NO_CEILING = 100_000;

	/** Growth's most over the throughput while no records wait: doubling per delivery delay (see the class). */
	private static final double STARTUP_GAIN = 2;

	/** Growth's most over the throughput once records wait: a quarter over it (BBR's probing gain; see the class). */
	private static final double PROBE_GAIN = 1.25;

	/**
	 * Places a second (all rooms together) up to which growth is not bounded by the throughput: customers admitted
	 * at the floor may take a while to book (the bench's rush: a minute at 1/s before the first admitted were read in
	 * join order), and a bound of twice nothing would hold the room at the floor until they do. At most ~4 s of it
	 * (~250 records) arrive before the lag shows them: under a second of settling for a worker of 250/s or more.
	 */
	private static final double UNBOUNDED_UP_TO = 64;

	/** Records ahead, as seconds of the throughput, up to which no records are counted as waiting (batches in flight). */
	private static final double WAITING_SECONDS = 0.1;

	private final double lagTargetSeconds;

	private final double drainOverSeconds;

	private final int floor;

	private final Duration shedHold;

	private final double inFlightShare;

	private long shedSeen = -1;

	private @Nullable Instant shedAt;

	/** Whether the rate grows (the pipeline keeps up) rather than following the settle-rate rule alone. */
	private boolean doubling = true;

	/** Places a second last given to all rooms together (0 before the first round). */
	private double given;

	/** When {@link #given} was last given; null after a round that admitted no one (no growth from it). */
	private @Nullable Instant givenAt;

	/**
	 * @param lagTarget the consumer lag aimed at, as time to settle it at the worker's current rate
	 * @param drainOver over how long a lag above (or below) the target is brought back to it
	 * @param floor the least rate of a room while nothing is shed, places a second (at least 1)
	 * @param shedHold how long nothing is admitted after a booking request was shed
	 * @param inFlightShare the share (0–1] of the in-flight limit from which nothing is admitted
	 */
	AutoAdmissionRate(Duration lagTarget, Duration drainOver, int floor, Duration shedHold, double inFlightShare) {
		this.lagTargetSeconds = lagTarget.toNanos() / 1e9;
		this.drainOverSeconds = Math.max(0.001, drainOver.toNanos() / 1e9);
		this.floor = Math.max(1, floor);
		this.shedHold = shedHold;
		this.inFlightShare = inFlightShare;
	}

	/**
	 * @param pipeline the pipeline as measured now
	 * @param ceiling the room's most places a second; null for none (100,000)
	 * @param rooms rooms admitting in {@code auto} with places waiting on this instance now, sharing the rate (at least 1)
	 * @param now the current time
	 * @return places a second this room admits now; 0 while requests are shed or the in-flight limit is near
	 */
	int perSecond(Pipeline pipeline, @Nullable Integer ceiling, int rooms, Instant now) {
		if (this.shedSeen >= 0 && pipeline.shedTotal() > this.shedSeen) {
			this.shedAt = now;
			this.given /= 2;
		}
		this.shedSeen = Math.max(this.shedSeen, pipeline.shedTotal());
		if ((this.shedAt != null && now.isBefore(this.shedAt.plus(this.shedHold)))
				|| pipeline.inFlight() >= this.inFlightShare * pipeline.inFlightMax()) {
			this.givenAt = null;
			return 0;
		}
		Long ahead = pipeline.recordsAhead();
		Double throughput = pipeline.throughputPerSecond();
		double rate;
		if (ahead == null) {
			rate = this.given;
		}
		else {
			double settled = currentRate(pipeline, ahead);
			double target = settled * this.lagTargetSeconds;
			rate = settled + (target - ahead) / this.drainOverSeconds;
			if (ahead == 0 || ahead < target / 2) {
				this.doubling = true;
			}
			else if (ahead >= target) {
				this.doubling = false;
			}
			if (this.doubling) {
				rate = Math.max(rate, Math.min(grownSince(now), delivered(throughput, ahead)));
			}
		}
		this.givenAt = now;
		int sharing = Math.max(1, rooms);
		int most = (ceiling != null) ? ceiling : NO_CEILING;
		double share = Math.min(most, Math.max(this.floor, rate / sharing));
		this.given = share * sharing;
		return (int) Math.floor(share + 1e-9);
	}

	/**
	 * The most growth may give: {@code gain × throughput}, at least the floor and {@value #UNBOUNDED_UP_TO}/s; what was
	 * last given while nothing was measured yet (no throughput).
	 */
	private double delivered(@Nullable Double throughput, long ahead) {
		if (throughput == null) {
			return this.given;
		}
		double gain = (ahead <= WAITING_SECONDS * throughput) ? STARTUP_GAIN : PROBE_GAIN;
		return Math.max(Math.max(this.floor, UNBOUNDED_UP_TO), gain * throughput);
	}

	/**
	 * The worker's settle rate now: its recent rate; while that is unmeasured its smoothed one; while neither is
	 * measured, the throughput when records are ahead, else 0.
	 */
	private static double currentRate(Pipeline pipeline, long ahead) {
		Double smoothed = pipeline.settledPerSecond();
		Double recent = pipeline.recentPerSecond();
		Double throughput = pipeline.throughputPerSecond();
		double current = (smoothed == null && recent == null && ahead > 0 && throughput != null) ? throughput
				: Double.POSITIVE_INFINITY;
		if (recent != null) {
			current = recent;
		}
		else if (smoothed != null) {
			current = smoothed;
		}
		return (Double.isInfinite(current) || current < 0) ? 0 : current;
	}

	/** The rate last given, doubled for every second since (a second at most; not after a round at 0). */
	private double grownSince(Instant now) {
		if (this.givenAt == null) {
			return this.given;
		}
		double seconds = Math.clamp(Duration.between(this.givenAt, now).toNanos() / 1e9, 0, 1);
		return this.given * Math.pow(2, seconds);
	}

	/**
	 * The pipeline as one api-service instance measures it.
	 *
	 * @param settledPerSecond the worker group's settle rate on {@code bookings.requested}, records a second summed
	 * over partitions (smoothed, {@code minitickets.queue.rate-half-life}); null while unmeasured
	 * @param recentPerSecond the same over the last {@code minitickets.queue.recent-rate-window} the worker was busy
	 * through; null while unmeasured
	 * @param throughputPerSecond records the worker group committed a second over the same window whether or not it
	 * was busy (what the pipeline delivered), summed over partitions; null before two readings
	 * @param recordsAhead records not yet settled (end offset − committed offset, summed over the partitions the group
	 * committed on); null while unknown (no reading yet, or no committed offset on any partition)
	 * @param shedTotal booking requests this instance has shed since it started ({@code minitickets_bookings_shed})
	 * @param inFlight booking requests in progress on this instance now
	 * @param inFlightMax this instance's in-flight limit
	 */
	record Pipeline(@Nullable Double settledPerSecond, @Nullable Double recentPerSecond,
			@Nullable Double throughputPerSecond, @Nullable Long recordsAhead, long shedTotal, int inFlight,
			int inFlightMax) {
	}

}
