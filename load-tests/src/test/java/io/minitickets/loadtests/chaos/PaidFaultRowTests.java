package io.minitickets.loadtests.chaos;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.PaidFacts;
import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

class PaidFaultRowTests {

	/** 10 seats: 4 confirmed, 2 held, 4 in the gate; seats_sold 6. */
	private static final EventFacts CONSERVED = new EventFacts(1, 10, 6, 4, 4, 6, 6, null, 4L, 0, 2);

	@Test
	void aCleanPhaseIsGreenAndCountsThePaymentsTaken() {
		PaidFaultRow row = PaidFaultRow.of(FaultKind.PROVIDER_DOWN, Set.of("a", "b"), List.of(CONSERVED),
				PaidFacts.CLEAN, Set.of());

		assertThat(row).isEqualTo(new PaidFaultRow("provider-down", 2, 0, 0, 0, 0, 0));
		assertThat(row.violations()).isEmpty();
	}

	@Test
	void aSeatTwiceMoneyDoubleRefundsOrderAndAnUnappliedPaymentAreViolations() {
		EventFacts seatTwice = new EventFacts(2, 10, 6, 4, 4, 6, 6, null, 5L, 0, 2);

		PaidFaultRow row = PaidFaultRow.of(FaultKind.WEBHOOK_REPLAY, Set.of("a", "b"), List.of(CONSERVED, seatTwice),
				new PaidFacts(1, 2, 3), Set.of("b", "elsewhere"));

		assertThat(row).isEqualTo(new PaidFaultRow("webhook-replay", 2, 1, 1, 2, 3, 1));
		assertThat(row.violations()).hasSize(5).allMatch((violation) -> violation.startsWith("webhook-replay: "));
	}

}
