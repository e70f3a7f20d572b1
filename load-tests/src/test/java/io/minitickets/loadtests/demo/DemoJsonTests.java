package io.minitickets.loadtests.demo;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.loadtests.verify.VerifierFigures;

import static org.assertj.core.api.Assertions.assertThat;

class DemoJsonTests {

	private static final Set<String> RUN_FIELDS = Set.of("gate", "requests", "accepted", "soldOut", "rateLimited",
			"otherErrors", "confirmed", "rejected", "oversold", "bookingsReachingPostgres", "postgresTransactions",
			"throughputRps", "p50Ms", "p99Ms", "settledAfterMs", "allFinalMs", "verifier");

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void writesExactlyTheScenarioAndTheRunsFields(@TempDir Path directory) {
		DemoReport report = new DemoReport(new Scenario(16, 32, 128),
				List.of(new RunReport(true, 128, 16, 112, 0, 0, 16, 0, 0, 16, 2, 850.3, 45.2, 120.3, 230, 480,
						new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0)),
						new RunReport(false, 128, 128, 0, 0, 0, 16, 112, 0, 128, 3, 612.0, 60.1, 150.0, 540, 900,
						new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0))),
				new PaidEventReport(1, 5, 1, 5_300, 1, 1, new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0)));
		Path file = directory.resolve("reports/demo.json");

		report.write(file);

		JsonNode written = this.json.readTree(file.toFile());
		assertThat(written.propertyNames()).containsExactlyInAnyOrder("scenario", "runs", "paidEvent");
		assertThat(written.get("paidEvent").propertyNames()).containsExactlyInAnyOrder("seats", "holdSeconds",
				"holdsExpired", "expiredAfterMs", "offersMade", "offersPaid", "verifier");
		assertThat(written.at("/paidEvent/holdsExpired").asInt()).isEqualTo(1);
		assertThat(written.at("/paidEvent/offersMade").asInt()).isEqualTo(1);
		assertThat(written.get("scenario").propertyNames()).containsExactlyInAnyOrder("seats", "users", "requests");
		assertThat(written.get("scenario").get("requests").asInt()).isEqualTo(128);
		assertThat(written.get("runs").size()).isEqualTo(2);
		for (JsonNode run : written.get("runs")) {
			assertThat(run.propertyNames()).containsExactlyInAnyOrderElementsOf(RUN_FIELDS);
		}
		JsonNode gateOff = written.get("runs").get(1);
		assertThat(gateOff.get("gate").isBoolean()).isTrue();
		assertThat(gateOff.get("gate").asBoolean()).isFalse();
		assertThat(gateOff.get("bookingsReachingPostgres").asInt()).isEqualTo(128);
		assertThat(gateOff.get("throughputRps").asDouble()).isEqualTo(612.0);
		assertThat(gateOff.get("verifier").propertyNames()).containsExactlyInAnyOrder("oversold", "undersold",
				"unsettled", "drift", "consumerLag", "seatConservation", "moneyMismatch", "doubleRefunds",
				"waitlistOrderViolations");
	}

}
