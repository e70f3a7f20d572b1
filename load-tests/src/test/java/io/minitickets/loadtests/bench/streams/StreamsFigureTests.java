package io.minitickets.loadtests.bench.streams;

import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.Bar;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The streams figure's rules: every stream held and none dropped, ≤ 20 KB of heap per stream, ≤ 1 % of a core idle;
 * a booking not accepted or a stream that never got its final status breaks the run.
 */
class StreamsFigureTests {

	private static final int STREAMS = 20_000;

	@Test
	void everyStreamHeldCheaplyMeetsEveryBarWithoutABreach() {
		StreamsFigure.Figures clean = figures(STREAMS, 12_000, 0.4, STREAMS);

		assertThat(StreamsFigure.bars(clean)).hasSize(4).allMatch(Bar::met);
		assertThat(StreamsFigure.breaches(clean)).isEmpty();
	}

	@Test
	void aDroppedStreamMoreHeapOrMoreCpuEachMissTheirOwnBar() {
		assertThat(StreamsFigure.bars(figures(STREAMS - 1, 12_000, 0.4, STREAMS)))
			.filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.extracting(Bar::label)
			.containsExactly("streams: held open at once", "streams: dropped or refused");
		assertThat(StreamsFigure.bars(figures(STREAMS, 20 * 1024 + 1, 1.01, STREAMS)))
			.filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.extracting(Bar::label)
			.containsExactly("streams: heap bytes per stream held (after GC)", "streams: idle CPU, % of a core");
	}

	@Test
	void aStreamWithoutItsFinalStatusBreaksTheRun() {
		assertThat(StreamsFigure.breaches(figures(STREAMS, 12_000, 0.4, STREAMS - 3))).singleElement()
			.asString()
			.contains("19,997 of 20,000 streams received their final status");
	}

	private static StreamsFigure.Figures figures(int held, long heapPerStream, double cpuPercent, int finals) {
		SortedMap<Integer, Long> accepted = new TreeMap<>();
		accepted.put(202, (long) STREAMS);
		return new StreamsFigure.Figures(STREAMS, held, STREAMS - held, 0, heapPerStream, cpuPercent, 100_000_000,
				100_000_000 + heapPerStream * held, 30, 300_000, 420_000, 40_000, STREAMS, finals, 65_536, accepted,
				new TreeMap<>());
	}

}
