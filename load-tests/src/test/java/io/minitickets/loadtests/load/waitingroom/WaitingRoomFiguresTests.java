package io.minitickets.loadtests.load.waitingroom;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WaitingRoomFiguresTests {

	@Test
	void aRushWhereEveryCustomerIsAdmittedOnceAndBooksHasNoFailure() {
		WaitingRoomFigures figures = WaitingRoomFigures.of(clean());

		assertThat(figures).isEqualTo(new WaitingRoomFigures(40, 40, 18, 40, 40, 0, 0, 0, 40, 0, 40, 0, 0));
		assertThat(figures.failures()).isEmpty();
	}

	@Test
	void anAdmittedCustomerWhoseBookingWasRefusedFailsTheRush() {
		Map<String, Long> outcomes = clean();
		outcomes.put("booked with admission", 39L);
		outcomes.put("admitted, could not book", 1L);
		outcomes.put("403", 1L);
		outcomes.put("polled CONFIRMED", 39L);

		assertThat(WaitingRoomFigures.of(outcomes).failures()).containsExactly(
				"1 admitted customers could not book within their admission",
				"1 bookings with an admission token were answered 403");
	}

	@Test
	void aSecondPlaceForOneAccountFailsTheRush() {
		Map<String, Long> outcomes = clean();
		outcomes.put("joined again: same place", 39L);
		outcomes.put("joined again: another place", 1L);

		assertThat(WaitingRoomFigures.of(outcomes).failures()).containsExactly(
				"1 accounts were given a second place by joining again",
				"39 of 40 second joins answered 200 with the account's place");
	}

	@Test
	void aPlaceNotAdmittedAndATimeoutOrA5xxOtherThan503AnywhereFailTheRush() {
		Map<String, Long> outcomes = clean();
		outcomes.put("admitted", 39L);
		outcomes.put("not admitted in time", 1L);
		outcomes.put("booked with admission", 39L);
		outcomes.put("polled CONFIRMED", 39L);
		outcomes.put("wait answered timeout", 1L);
		outcomes.put("join again answered 500", 1L);
		outcomes.put("timeout", 2L);

		WaitingRoomFigures figures = WaitingRoomFigures.of(outcomes);

		assertThat(figures.notAdmitted()).isOne();
		assertThat(figures.unexpectedAnswers()).isEqualTo(4);
		assertThat(figures.failures()).containsExactly("1 places were not admitted while their customers waited",
				"4 requests were answered 5xx other than 503 or not at all (see the answers)");
	}

	@Test
	void countsThe503sRetriedAfterRetryAfterWithoutFailingTheRush() {
		Map<String, Long> outcomes = clean();
		outcomes.put("join retried after 503", 2L);
		outcomes.put("wait answered 503", 1L);
		outcomes.put("503", 3L);

		WaitingRoomFigures figures = WaitingRoomFigures.of(outcomes);

		assertThat(figures.unavailable()).isEqualTo(6);
		assertThat(figures.unexpectedAnswers()).isZero();
		assertThat(figures.failures()).isEmpty();
	}

	@Test
	void aRushWithoutCustomersFails() {
		assertThat(WaitingRoomFigures.of(Map.of()).failures()).containsExactly("no customer arrived");
	}

	private static Map<String, Long> clean() {
		Map<String, Long> outcomes = new HashMap<>();
		outcomes.put("arrived", 40L);
		outcomes.put("joined", 40L);
		outcomes.put("joined before the opening", 18L);
		outcomes.put("joined again: same place", 40L);
		outcomes.put("admitted", 40L);
		outcomes.put("tried", 40L);
		outcomes.put("202", 40L);
		outcomes.put("booked with admission", 40L);
		outcomes.put("polled CONFIRMED", 40L);
		return outcomes;
	}

}
