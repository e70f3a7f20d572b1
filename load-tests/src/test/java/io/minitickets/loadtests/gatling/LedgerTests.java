package io.minitickets.loadtests.gatling;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.minitickets.core.problem.ProblemTypes;

import static org.assertj.core.api.Assertions.assertThat;

class LedgerTests {

	private final Ledger ledger = Ledger.current();

	@AfterEach
	void reset() {
		this.ledger.reset();
	}

	@Test
	void countsABookingRetriedAfterA503AsOneBookingTriedAndEveryAttemptsAnswer() {
		this.ledger.reset();
		this.ledger.booked("shopper", 7, true, 503, null, "https://minitickets.io/problems/unavailable");
		this.ledger.booked("shopper", 7, false, 202, "b-1", null);

		assertThat(this.ledger.count("shopper", "tried")).isEqualTo(1);
		assertThat(this.ledger.count("shopper", "503")).isEqualTo(1);
		assertThat(this.ledger.count("shopper", "202")).isEqualTo(1);
		assertThat(this.ledger.acceptedIds()).containsExactly("b-1");
	}

	@Test
	void countsEveryFirstAttemptAsABookingTriedAndASoldOutRefusalByEvent() {
		this.ledger.reset();
		this.ledger.booked("scalper", 7, true, 429, null, null);
		this.ledger.booked("scalper", 7, true, 409, null, ProblemTypes.SOLD_OUT.toString());

		assertThat(this.ledger.count("scalper", "tried")).isEqualTo(2);
		assertThat(this.ledger.count("scalper", "409 sold out")).isEqualTo(1);
		assertThat(this.ledger.soldOutRefusals()).containsEntry(7L, 1);
	}

	@Test
	void countsABookingThatGotNoAnswerAsATimeout() {
		this.ledger.booked("buyer", 7, true, 0, null, null);

		assertThat(this.ledger.count("buyer", "tried")).isEqualTo(1);
		assertThat(this.ledger.count("buyer", "timeout")).isEqualTo(1);
		assertThat(this.ledger.count("buyer", "0")).isZero();
	}

	@Test
	void recordsHowAStreamedBookingEndedAndTheTimeToItsFinalStatus() {
		this.ledger.reset();
		for (long millis = 1; millis <= 100; millis++) {
			this.ledger.streamed("user", "CONFIRMED", millis);
		}
		this.ledger.streamed("user", "PENDING", null);

		assertThat(this.ledger.count("user", "streamed CONFIRMED")).isEqualTo(100);
		assertThat(this.ledger.count("user", "streamed PENDING")).isEqualTo(1);
		assertThat(this.ledger.timeToFinal()).isEqualTo(new TimeToFinal(100, 50, 90, 99, 100));
	}

	@Test
	void hasNoTimeToFinalWithoutAStreamedFinalStatus() {
		this.ledger.reset();
		this.ledger.streamed("user", "PENDING", null);

		assertThat(this.ledger.timeToFinal()).isNull();
	}

}
