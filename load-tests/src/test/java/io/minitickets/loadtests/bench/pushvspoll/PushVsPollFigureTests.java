package io.minitickets.loadtests.bench.pushvspoll;

import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.Bar;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The push-versus-poll figure's rules: SSE's CPU per final is held to a tenth of polling's; a booking not accepted or
 * a customer left without a final status breaks the run.
 */
class PushVsPollFigureTests {

	private static final int CUSTOMERS = 10_000;

	@Test
	void sseAtATenthOfPollingMeetsTheBar() {
		PushVsPollFigure.Figures tenth = figures(round(CUSTOMERS, 100), round(CUSTOMERS, 1_000));

		assertThat(PushVsPollFigure.bars(tenth)).filteredOn((bar) -> bar.met() != null).singleElement()
			.satisfies((bar) -> assertThat(bar.met()).isTrue());
		assertThat(PushVsPollFigure.breaches(tenth)).isEmpty();
	}

	@Test
	void sseAboveATenthOfPollingMissesTheBar() {
		PushVsPollFigure.Figures third = figures(round(CUSTOMERS, 300), round(CUSTOMERS, 1_000));

		assertThat(PushVsPollFigure.bars(third)).filteredOn((bar) -> bar.met() != null)
			.singleElement()
			.satisfies((bar) -> assertThat(bar.met()).isFalse())
			.extracting(Bar::value)
			.isEqualTo("0.300");
	}

	@Test
	void aCustomerWithoutAFinalStatusBreaksTheRun() {
		PushVsPollFigure.Figures missed = figures(round(CUSTOMERS, 100), round(CUSTOMERS - 2, 1_000));

		assertThat(PushVsPollFigure.breaches(missed)).singleElement()
			.asString()
			.contains("(polling): 2 of 10,000 customers without a final status");
	}

	private static PushVsPollFigure.Figures figures(PushVsPollFigure.Round sse, PushVsPollFigure.Round poll) {
		return new PushVsPollFigure.Figures(CUSTOMERS, sse.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal(),
				sse.cpuMicrosPerFinal() / poll.cpuMicrosPerFinal(), sse, poll);
	}

	private static PushVsPollFigure.Round round(int finals, double perFinal) {
		SortedMap<Integer, Long> accepted = new TreeMap<>();
		accepted.put(202, (long) CUSTOMERS);
		return new PushVsPollFigure.Round(CUSTOMERS, finals, CUSTOMERS - finals, perFinal, (long) (perFinal * finals),
				finals, 5_000, accepted, new TreeMap<>());
	}

}
