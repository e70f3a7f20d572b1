package io.minitickets.loadtests.verify;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerificationTests {

	@Test
	void anExactSaleHasNoBreach() {
		EventFacts soldOut = event(16, 16, null, 0L, 0);

		Verification verification = Verification.of(List.of(soldOut), List.of(), 0, Map.of(1L, 1), PaidFacts.CLEAN);

		assertThat(verification.breaches()).isEmpty();
		assertThat(verification.figures()).isEqualTo(new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0));
	}

	@Test
	void seatsLeftAfterASoldOutAnswerAreUndersold() {
		EventFacts event = event(16, 13, null, 3L, 0);

		Verification verification = Verification.of(List.of(event), List.of(), 0, Map.of(1L, 1), PaidFacts.CLEAN);

		assertThat(verification.undersold()).isEqualTo(3);
		assertThat(verification.breaches()).containsExactly(
				"3 seats left unsold after a request was refused as sold out");
	}

	@Test
	void aSoldOutRejectionInPostgresCountsAsARefusal() {
		EventFacts event = event(16, 15, 1, 1L, 0);

		assertThat(Verification.of(List.of(event), List.of(), 0, Map.of(), PaidFacts.CLEAN).undersold()).isEqualTo(1);
	}

	@Test
	void seatsFewerThanTheRefusedQuantityAreNotUndersold() {
		EventFacts event = event(16, 15, 2, 1L, 0);

		assertThat(Verification.of(List.of(event), List.of(), 0, Map.of(1L, 2), PaidFacts.CLEAN).undersold()).isZero();
	}

	@Test
	void seatsLeftWithoutARefusalAreStillOnSale() {
		EventFacts event = event(1_000, 45, null, 955L, 0);

		assertThat(Verification.of(List.of(event), List.of(), 0, Map.of(), PaidFacts.CLEAN).breaches()).isEmpty();
	}

	@Test
	void reportsOversoldUnsettledDriftAndLag() {
		EventFacts event = event(16, 18, null, 2L, 0);

		Verification verification = Verification.of(List.of(event), List.of("b1", "b2", "b3", "b4"), 7, Map.of(),
				PaidFacts.CLEAN);

		assertThat(verification.figures()).isEqualTo(new VerifierFigures(2, 0, 4, 4, 7, 1, 0, 0, 0));
		assertThat(verification.breaches()).containsExactly("2 seats oversold",
				"4 accepted bookings (202) never reached Postgres, e.g. [b1, b2, b3]",
				"4 seats of gate drift left (avail + leases + held + confirmed != capacity)",
				"7 records of bookings.requested left unconsumed by the worker",
				"1 events whose seats are not conserved (avail + leases + held + confirmed != capacity, or seats_sold "
						+ "!= held + confirmed)");
	}

	@Test
	void aSaleWhoseSeatsComeBackIsNotUndersold() {
		EventFacts event = event(16, 13, null, 3L, 0);

		Verification verification = Verification.of(List.of(event), List.of(), 0, Map.of(1L, 1), PaidFacts.CLEAN)
			.withoutUndersold();

		assertThat(verification.undersold()).isZero();
		assertThat(verification.breaches()).isEmpty();
	}

	@Test
	void heldSeatsCountAsTakenByTheGate() {
		EventFacts event = new EventFacts(1, 10, 6, 2, 1, 3, 1, null, 4L, 0, 4);

		Verification verification = Verification.of(List.of(event), List.of(), 0, Map.of(), PaidFacts.CLEAN);

		assertThat(verification.drift()).isZero();
		assertThat(verification.seatConservation()).isZero();
	}

	@Test
	void reportsThePaidSaleFigures() {
		EventFacts event = event(16, 16, null, 0L, 0);

		Verification verification = Verification.of(List.of(event), List.of(), 0, Map.of(), new PaidFacts(1, 2, 3));

		assertThat(verification.figures()).isEqualTo(new VerifierFigures(0, 0, 0, 0, 0, 0, 1, 2, 3));
		assertThat(verification.breaches()).containsExactly(
				"1 money mismatches (succeeded payments != confirmed paid bookings + refunds, or a confirmed paid "
						+ "booking without a payment)",
				"2 refunds beyond their booking's payments",
				"3 waiting-list offers made past an older waiting entry that fitted");
	}

	private static EventFacts event(int capacity, long confirmed, Integer soldOutRejection, Long available,
			long leased) {
		return new EventFacts(1, capacity, confirmed, confirmed, confirmed, confirmed, 1, soldOutRejection, available,
				leased, 0);
	}

}
