package io.minitickets.loadtests.bench.pushvspoll;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.Bar;
import io.minitickets.loadtests.bench.sse.Answers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The push-versus-poll figure's rules: SSE's CPU per final is held to a tenth of polling's once a second (the
 * measured CPU per poll times one poll a second over each customer's wait); a booking not accepted or a customer left
 * without a final status breaks the run.
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

	@Test
	void pollingOnceASecondCostsTheMeasuredCpuPerPollTimesOnePollASecondOfEachWait() {
		SortedMap<Integer, Long> polled = new TreeMap<>();
		polled.put(200, 8L);
		polled.put(Answers.NO_ANSWER, 2L);

		// 8 polls answered for 8,000 µs: 1,000 µs a poll; waits of 0.4, 2.0 and 2.9 s poll 1, 3 and 3 times at 1/s
		PushVsPollFigure.PollRound round = PushVsPollFigure.PollRound.of(4, 8_000, 10, List.of(0.4, 2.0, 2.9), 3_000,
				new TreeMap<>(), polled);

		assertThat(round.pollsAnswered()).isEqualTo(8);
		assertThat(round.cpuMicrosPerPoll()).isEqualTo(1_000.0);
		assertThat(round.oncePerSecondPollsPerCustomer()).isCloseTo(7.0 / 3, within(1e-9));
		assertThat(round.cpuMicrosPerFinal()).isCloseTo(7_000.0 / 3, within(1e-6));
		assertThat(round.finals()).isEqualTo(3);
		assertThat(round.misses()).isEqualTo(1);
		assertThat(round.measuredCpuMicrosPerFinal()).isCloseTo(8_000.0 / 3, within(1e-6));
		assertThat(round.meanWaitSeconds()).isCloseTo(5.3 / 3, within(1e-9));
		assertThat(round.pollsPerCustomerPerSecond()).isCloseTo(8 / 5.3, within(1e-9));
	}

	@Test
	void aPollingRoundWithoutAnswersOrFinalsCostsNothingPerFinal() {
		PushVsPollFigure.PollRound round = PushVsPollFigure.PollRound.of(2, 5_000, 4, List.of(), 180_000,
				new TreeMap<>(), new TreeMap<>(Map.of(Answers.NO_ANSWER, 4L)));

		assertThat(round.cpuMicrosPerPoll()).isZero();
		assertThat(round.cpuMicrosPerFinal()).isZero();
		assertThat(round.measuredCpuMicrosPerFinal()).isZero();
		assertThat(round.misses()).isEqualTo(2);
	}

	private static PushVsPollFigure.Figures figures(PushVsPollFigure.Round sse, PushVsPollFigure.Round poll) {
		SortedMap<Integer, Long> polled = new TreeMap<>();
		polled.put(200, (long) poll.finals());
		PushVsPollFigure.PollRound polling = new PushVsPollFigure.PollRound(poll.accepted(), poll.finals(),
				poll.misses(), poll.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal(), poll.cpuMicrosPerFinal(), 1, 0.5, 2,
				poll.cpuMicros(), poll.finals(), poll.finals(), poll.ms(), poll.bookingAnswers(), polled);
		return new PushVsPollFigure.Figures(CUSTOMERS, sse.cpuMicrosPerFinal(), polling.cpuMicrosPerFinal(),
				sse.cpuMicrosPerFinal() / polling.cpuMicrosPerFinal(), sse, polling);
	}

	private static PushVsPollFigure.Round round(int finals, double perFinal) {
		SortedMap<Integer, Long> accepted = new TreeMap<>();
		accepted.put(202, (long) CUSTOMERS);
		return new PushVsPollFigure.Round(CUSTOMERS, finals, CUSTOMERS - finals, perFinal, (long) (perFinal * finals),
				finals, 5_000, accepted, new TreeMap<>());
	}

}
