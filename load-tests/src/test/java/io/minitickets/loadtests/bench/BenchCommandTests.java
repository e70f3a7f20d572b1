package io.minitickets.loadtests.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of the bench's figures: a figure that another's bar is a share of comes first, so that a full run judges
 * every bar.
 */
class BenchCommandTests {

	@Test
	void measuresTheCeilingAndTheWorkerBeforeTheFiguresHeldToThem() {
		List<String> names = BenchCommand.FIGURES.stream().map(Figure::name).toList();

		assertThat(names).containsExactly("ceiling", "worker", "stampede", "stampedeKeyed", "accepting",
				"acceptingKeyed", "timeToKnow", "gate", "bigSale", "expiry", "eta", "limiter", "scripts", "streams",
				"pushVsPoll", "waitingRoom");
	}

	@Test
	void measuresTimeToKnowAfterTheAcceptingFiguresWhoseRateItHalves() {
		List<String> names = BenchCommand.FIGURES.stream().map(Figure::name).toList();

		assertThat(names.indexOf("timeToKnow")).isGreaterThan(names.indexOf("acceptingKeyed"))
			.isGreaterThan(names.indexOf("ceiling"));
	}

}
