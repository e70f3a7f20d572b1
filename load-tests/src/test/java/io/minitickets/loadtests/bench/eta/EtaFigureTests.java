package io.minitickets.loadtests.bench.eta;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.AnswerMix;
import io.minitickets.loadtests.bench.Bar;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ETA figure's rules: error = |eta − actual| / actual over the samples that had an ETA and became final; a sample
 * without an ETA is counted, never given a made-up one; the median is held to 25 %, p90 to 50 %; a sample that never
 * became final breaks the run.
 */
class EtaFigureTests {

	private static final Map<Integer, Long> CLEAN = Map.of(202, 100_000L);

	@Test
	void errorIsTheDistanceFromTheActualWaitAsAShareOfIt() {
		assertThat(new Sample(202, 50_000L, 55L, 50.0).errorPct()).isEqualTo(10.0);
		assertThat(new Sample(202, 50_000L, 40L, 50.0).errorPct()).isEqualTo(20.0);
		assertThat(new Sample(202, 50_000L, null, 50.0).errorPct()).isNull();
		assertThat(new Sample(202, 50_000L, 50L, null).errorPct()).isNull();
	}

	@Test
	void absentEtasAreCountedAndLeftOutOfThePercentiles() {
		List<Sample> samples = new ArrayList<>();
		samples.add(new Sample(202, 99_000L, null, 99.0));
		samples.add(new Sample(202, 98_000L, null, 98.0));
		for (int i = 1; i <= 10; i++) {
			// errors 1 %, 2 %, … 10 %
			samples.add(new Sample(202, 1_000L * i, 100L + i, 100.0));
		}

		EtaFigure.Figures figures = Errors.figures(100_000, 1_000, samples, CLEAN, false);

		assertThat(figures.samples()).isEqualTo(12);
		assertThat(figures.absentEta()).isEqualTo(2);
		assertThat(figures.withEta()).isEqualTo(10);
		assertThat(figures.medianErrorPct()).isEqualTo(5.0);
		assertThat(figures.p90ErrorPct()).isEqualTo(9.0);
		assertThat(figures.rows()).hasSize(12).first().isEqualTo(java.util.Arrays.asList(99_000L, null, 99.0));
		assertThat(EtaFigure.bars(figures, mix(CLEAN))).filteredOn((bar) -> bar.met() != null)
			.hasSize(2)
			.allMatch(Bar::met);
		assertThat(EtaFigure.breaches(figures)).isEmpty();
	}

	@Test
	void etasTooFarOffMissTheirBars() {
		List<Sample> samples = List.of(new Sample(202, 1L, 130L, 100.0), new Sample(202, 1L, 160L, 100.0),
				new Sample(202, 1L, 100L, 100.0));

		EtaFigure.Figures figures = Errors.figures(100_000, 1_000, samples, CLEAN, false);

		assertThat(figures.medianErrorPct()).isEqualTo(30.0);
		assertThat(figures.p90ErrorPct()).isEqualTo(60.0);
		assertThat(EtaFigure.bars(figures, mix(CLEAN))).filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.hasSize(2);
	}

	@Test
	void noEtaAtAllMissesRatherThanPassing() {
		EtaFigure.Figures figures = Errors.figures(100_000, 1_000, List.of(new Sample(202, 5L, null, 10.0)), CLEAN,
				false);

		assertThat(figures.medianErrorPct()).isNull();
		assertThat(EtaFigure.bars(figures, mix(CLEAN))).filteredOn((bar) -> Boolean.FALSE.equals(bar.met()))
			.extracting(Bar::value)
			.containsOnly("no sample had an ETA");
	}

	@Test
	void aSampleNeverFinalBreaksTheRunAndARefusedOneIsCountedApart() {
		EtaFigure.Figures figures = Errors.figures(100_000, 1_000,
				List.of(new Sample(202, 5L, 5L, null), new Sample(429, null, null, null)), CLEAN, false);

		assertThat(figures.unsettled()).isEqualTo(1);
		assertThat(figures.refused()).isEqualTo(1);
		assertThat(EtaFigure.breaches(figures)).singleElement().asString().contains("1 sampled bookings");
	}

	private static AnswerMix mix(Map<Integer, Long> counts) {
		return new AnswerMix(202, new TreeMap<>(counts));
	}

}
