package io.minitickets.loadtests.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench's JSON report: the keyed figures beside the unkeyed ones, each with its answers per status and whether it
 * is void, and the accepting figures' backlog at the end of the window and drain rate.
 */
class BenchReportTests {

	@Test
	void writesTheKeyedFiguresBesideTheUnkeyedOnesWithTheirAnswersAndWhetherTheyAreVoid(@TempDir Path folder) {
		StampedeFigure.Figures stampede = new StampedeFigure.Figures(9_000, 8, 4, 90, 4_500, 20, 3, 20_000, 0, 0,
				Map.of(409, 180_000L), Map.of(409, 90_000L), false);
		StampedeFigure.Figures keyed = new StampedeFigure.Figures(7_000, 9, 5, 130, 3_500, 25, 4, 20_000, 4_000, 4_000,
				Map.of(409, 136_000L, 429, 4_000L), Map.of(409, 70_000L), true);
		AcceptingFigure.Figures accepting = new AcceptingFigure.Figures(4_000, 20, 10, 170, 20_000, 14, 0, 84_000,
				Map.of(202, 80_000L), false, 330_000, 3_928.6);
		BenchReport report = new BenchReport(new BenchReport.Machine(2, "25", 1, 2, 64), Map.of(), List.of(),
				List.of())
			.with(StampedeFigure.NAME, Measured.of(stampede))
			.with(StampedeFigure.KEYED_NAME, Measured.of(keyed))
			.with(AcceptingFigure.NAME, Measured.of(accepting))
			.with(AcceptingFigure.KEYED_NAME, Measured.of(accepting));
		Path file = folder.resolve("bench.json");

		report.write(file);

		JsonNode json = JsonMapper.builder().build().readTree(file.toFile());
		assertThat(json.propertyNames()).containsSubsequence("stampede", "stampedeKeyed", "accepting",
				"acceptingKeyed");
		for (String figure : List.of("stampede", "stampedeKeyed", "accepting", "acceptingKeyed")) {
			assertThat(json.get(figure).propertyNames()).as(figure)
				.contains("rps", "apiCpuMicrosPerRequest", "answers", "void");
		}
		assertThat(json.at("/stampedeKeyed/answers/409").asLong()).isEqualTo(136_000);
		assertThat(json.at("/stampedeKeyed/answers/429").asLong()).isEqualTo(4_000);
		assertThat(json.at("/stampedeKeyed/void").asBoolean()).isTrue();
		assertThat(json.at("/stampede/void").asBoolean()).isFalse();
		assertThat(json.at("/accepting/answers/202").asLong()).isEqualTo(80_000);
		assertThat(json.at("/accepting/void").isBoolean()).isTrue();
		assertThat(json.at("/accepting/backlogAtEnd").asLong()).isEqualTo(330_000);
		assertThat(json.at("/accepting/drainPerSec").asDouble()).isEqualTo(3_928.6);
	}

}
