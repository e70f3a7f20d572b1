package io.minitickets.loadtests.gatling;

import java.util.HashSet;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;

import io.minitickets.core.problem.ProblemTypes;

/**
 * What the virtual users of the running simulation were answered, by role ({@code user}, {@code scalper},
 * {@code shopper}): the verifier needs the booking ids of the 202s and the events that refused a request as sold out,
 * and the report the counts. Gatling runs the simulation in the JVM of {@code ./minitickets load}, which reads this
 * after the run; {@link #reset()} before each run.
 */
public final class Ledger {

	/** The outcome of a request that got no answer in time (Gatling's request timeout, a connection lost): a miss. */
	public static final String TIMEOUT = "timeout";

	/** The status a check saves for a request without an answer. */
	static final int NO_ANSWER = 0;

	private static final Ledger CURRENT = new Ledger();

	private final Map<String, Map<String, LongAdder>> answers = new ConcurrentHashMap<>();

	private final Set<String> accepted = ConcurrentHashMap.newKeySet();

	private final Map<Long, Integer> soldOut = new ConcurrentHashMap<>();

	private final Queue<Long> toFinal = new ConcurrentLinkedQueue<>();

	private Ledger() {
	}

	/**
	 * @return the ledger of this JVM
	 */
	public static Ledger current() {
		return CURRENT;
	}

	/**
	 * Forgets everything recorded.
	 */
	public void reset() {
		this.answers.clear();
		this.accepted.clear();
		this.soldOut.clear();
		this.toFinal.clear();
	}

	/**
	 * Records a booking request's answer: its outcome for every attempt, {@code tried} for the first attempt of each
	 * booking only (a retry of a 429 or 503 under the same Idempotency-Key is the same booking).
	 * @param role who booked
	 * @param eventId the event
	 * @param firstAttempt false for a retry of the same booking
	 * @param status the HTTP status; {@value #NO_ANSWER} when none came (counted as {@value #TIMEOUT}, not retried)
	 * @param bookingId a 202's booking id, else null
	 * @param problemType an error's problem type, else null
	 */
	void booked(String role, long eventId, boolean firstAttempt, int status, @Nullable String bookingId,
			@Nullable String problemType) {
		String outcome = (status == NO_ANSWER) ? TIMEOUT : Integer.toString(status);
		if (status == 202 && bookingId != null) {
			this.accepted.add(bookingId);
		}
		if (status == 409 && ProblemTypes.SOLD_OUT.toString().equals(problemType)) {
			this.soldOut.merge(eventId, 1, Math::min);
			outcome = "409 sold out";
		}
		if (firstAttempt) {
			increment(role, "tried");
		}
		increment(role, outcome);
	}

	/**
	 * Records how a booking ended, as its owner saw it by polling.
	 * @param role who booked
	 * @param bookingStatus CONFIRMED, REJECTED, or PENDING when the polls gave up
	 */
	void settled(String role, String bookingStatus) {
		increment(role, "polled " + bookingStatus);
	}

	/**
	 * Records how a booking ended, as its owner saw it on the status stream ({@code StreamingSale}).
	 * @param role who booked
	 * @param bookingStatus the final status received, or PENDING when the stream gave up first
	 * @param millis from the booking's first request to its final status received, milliseconds; null when none
	 * was received
	 */
	void streamed(String role, String bookingStatus, @Nullable Long millis) {
		increment(role, "streamed " + bookingStatus);
		if (millis != null) {
			this.toFinal.add(millis);
		}
	}

	/**
	 * @return the percentiles of every streamed booking's time to its final status; null when none was streamed
	 */
	public @Nullable TimeToFinal timeToFinal() {
		return TimeToFinal.of(this.toFinal.stream().mapToLong(Long::longValue).toArray());
	}

	/**
	 * Records one step of a paid sale's customer ({@code PaidSale}): how a hold, an offer or a waiting-list entry
	 * ended for them.
	 * @param role {@code buyer} or {@code waiting}
	 * @param outcome what happened, for example {@code paid: CONFIRMED} or {@code offer left to lapse}
	 */
	void counted(String role, String outcome) {
		increment(role, outcome);
	}

	/**
	 * @param role who booked
	 * @param outcome {@code tried} (bookings, not attempts), an HTTP status ({@code 202}, {@code 429}...), {@code 409 sold out}, or
	 * {@code polled CONFIRMED} / {@code polled REJECTED} / {@code polled PENDING}, {@code streamed CONFIRMED} /
	 * {@code streamed REJECTED} / {@code streamed PENDING}
	 * @return how many were recorded
	 */
	public long count(String role, String outcome) {
		Map<String, LongAdder> byOutcome = this.answers.get(role);
		LongAdder adder = (byOutcome != null) ? byOutcome.get(outcome) : null;
		return (adder != null) ? adder.sum() : 0;
	}

	/**
	 * @return every role's outcomes and their counts
	 */
	public Map<String, Map<String, Long>> counts() {
		Map<String, Map<String, Long>> all = new TreeMap<>();
		this.answers.forEach((role, outcomes) -> {
			Map<String, Long> counts = new TreeMap<>();
			outcomes.forEach((outcome, adder) -> counts.put(outcome, adder.sum()));
			all.put(role, counts);
		});
		return all;
	}

	/**
	 * @return the booking ids of every 202
	 */
	public Set<String> acceptedIds() {
		return new HashSet<>(this.accepted);
	}

	/**
	 * @return per event, the smallest quantity a 409 sold-out refused (every request books one seat: 1)
	 */
	public Map<Long, Integer> soldOutRefusals() {
		return Map.copyOf(this.soldOut);
	}

	private void increment(String role, String outcome) {
		this.answers.computeIfAbsent(role, (any) -> new ConcurrentHashMap<>())
			.computeIfAbsent(outcome, (any) -> new LongAdder())
			.increment();
	}

}
