package io.minitickets.loadtests.load.waitingroom;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.minitickets.loadtests.gatling.WaitingRoomScenarios;

/**
 * A waiting-room rush as its customers saw it ({@code WaitingRoomRush}), as {@code ./minitickets load} prints it and
 * writes it to JSON ({@code waitingRoom{...}}). Every event of the rush has a seat for each customer, so each must be
 * admitted and book.
 *
 * @param customers customers who arrived
 * @param placesJoined customers whose join gave them a place (201; or 200 when an earlier attempt, answered 503 and
 * retried, had taken it)
 * @param joinedBeforeOpening places taken before the sale opened ({@code PRE_QUEUE}), ordered by the opening's draw
 * @param admitted places admitted while their customers waited
 * @param bookedWithAdmission admitted customers whose booking with their admission token was accepted (202)
 * @param admittedCouldNotBook admitted customers whose booking was not accepted within their admission (refused,
 * no token given, an answer other than 202 after the retries): must be 0
 * @param notAdmitted places not admitted before their customers stopped waiting (dropped, sold out, or patience
 * ended): must be 0
 * @param doublePlaces second joins of one account answered with another place than its first: must be 0
 * @param sameOnSecondJoin second joins answered 200 with the account's first place
 * @param forbidden bookings answered 403 although they carried an admission token: must be 0
 * @param confirmed bookings polled until CONFIRMED
 * @param unavailable joins, waits and bookings answered 503 (api-service could not answer right now: a Valkey call
 * over its timeout, a booking shed), each sent again after its Retry-After: designed, reported
 * @param unexpectedAnswers joins, waits and bookings answered another 5xx or not at all (a timeout): must be 0
 */
public record WaitingRoomFigures(long customers, long placesJoined, long joinedBeforeOpening, long admitted,
		long bookedWithAdmission, long admittedCouldNotBook, long notAdmitted, long doublePlaces,
		long sameOnSecondJoin, long forbidden, long confirmed, long unavailable, long unexpectedAnswers) {

	/** An outcome that is a 503, alone ({@code 503}) or ending one ({@code wait answered 503}). */
	private static final Pattern UNAVAILABLE = Pattern.compile("(^|.* )503$");

	/** An outcome that is another 5xx or no answer ({@code wait answered timeout}). */
	private static final Pattern UNEXPECTED = Pattern.compile("(^|.* )(5(?!03)\\d\\d|timeout)$");

	/**
	 * @param outcomes the customers' outcomes and their counts (the ledger's {@value WaitingRoomScenarios#ROLE})
	 * @return the figures
	 */
	public static WaitingRoomFigures of(Map<String, Long> outcomes) {
		long joined = count(outcomes, WaitingRoomScenarios.JOINED);
		long admitted = count(outcomes, WaitingRoomScenarios.ADMITTED);
		return new WaitingRoomFigures(count(outcomes, WaitingRoomScenarios.ARRIVED), joined,
				count(outcomes, WaitingRoomScenarios.JOINED_BEFORE_OPENING), admitted,
				count(outcomes, WaitingRoomScenarios.BOOKED), count(outcomes, WaitingRoomScenarios.COULD_NOT_BOOK),
				joined - admitted, count(outcomes, WaitingRoomScenarios.ANOTHER_PLACE),
				count(outcomes, WaitingRoomScenarios.SAME_PLACE), count(outcomes, "403"),
				count(outcomes, "polled CONFIRMED"), matching(outcomes, UNAVAILABLE), matching(outcomes, UNEXPECTED));
	}

	/**
	 * @return what the rush must show and did not, empty when all held
	 */
	public List<String> failures() {
		List<String> failures = new ArrayList<>();
		if (this.customers == 0) {
			failures.add("no customer arrived");
		}
		if (this.placesJoined != this.customers) {
			failures.add(this.placesJoined + " of " + this.customers + " customers took a place");
		}
		if (this.notAdmitted > 0) {
			failures.add(this.notAdmitted + " places were not admitted while their customers waited");
		}
		if (this.admittedCouldNotBook > 0) {
			failures.add(this.admittedCouldNotBook + " admitted customers could not book within their admission");
		}
		if (this.doublePlaces > 0) {
			failures.add(this.doublePlaces + " accounts were given a second place by joining again");
		}
		if (this.sameOnSecondJoin != this.placesJoined) {
			failures.add(this.sameOnSecondJoin + " of " + this.placesJoined
					+ " second joins answered 200 with the account's place");
		}
		if (this.forbidden > 0) {
			failures.add(this.forbidden + " bookings with an admission token were answered 403");
		}
		if (this.confirmed != this.bookedWithAdmission) {
			failures.add(this.confirmed + " of " + this.bookedWithAdmission
					+ " bookings with admission were polled CONFIRMED (a seat for every customer)");
		}
		if (this.unexpectedAnswers > 0) {
			failures.add(this.unexpectedAnswers + " requests were answered 5xx other than 503 or not at all (see the "
					+ "answers)");
		}
		return failures;
	}

	/**
	 * @return the figures as a table, one line each
	 */
	public String table() {
		return String.format("""
				waiting room
				  customers                              %,10d
				  places joined                          %,10d
				  joined before the opening              %,10d
				  admitted                               %,10d
				  booked with admission                  %,10d
				  admitted but could not book            %,10d
				  not admitted                           %,10d
				  double places                          %,10d
				  403s                                   %,10d
				  503s, retried after Retry-After        %,10d
				  other 5xx and timeouts                 %,10d
				""", this.customers, this.placesJoined, this.joinedBeforeOpening, this.admitted,
				this.bookedWithAdmission, this.admittedCouldNotBook, this.notAdmitted, this.doublePlaces,
				this.forbidden, this.unavailable, this.unexpectedAnswers);
	}

	private static long matching(Map<String, Long> outcomes, Pattern pattern) {
		return outcomes.entrySet()
			.stream()
			.filter((outcome) -> pattern.matcher(outcome.getKey()).matches())
			.mapToLong(Map.Entry::getValue)
			.sum();
	}

	private static long count(Map<String, Long> outcomes, String outcome) {
		return outcomes.getOrDefault(outcome, 0L);
	}

}
