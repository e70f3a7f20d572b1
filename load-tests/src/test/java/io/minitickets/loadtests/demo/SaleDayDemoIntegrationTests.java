package io.minitickets.loadtests.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.stack.Service;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole pipeline end to end through the real command line: a stack of real processes (Kafka broker, the three
 * services) and 200 concurrent 1-seat bookings for 16 seats, with the gate on and off. DESIGN.md invariants 1 and 2:
 * exactly 16 confirmed and none oversold in both runs, every 202 settled; and the gate keeps the rest from Postgres.
 * Beside them the paid event: its hold expired unpaid, its seat offered to the waiting customer and paid (invariants
 * 7 to 9), the verifier clean.
 * Needs the services' jars (the reactor packages them before load-tests).
 */
class SaleDayDemoIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@Test
	@Timeout(value = 8, unit = TimeUnit.MINUTES)
	void twoHundredConcurrentBookingsForSixteenSeatsConfirmExactlySixteen(@TempDir Path state)
			throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		Path report = state.resolve("demo.json");
		ProcessBuilder command = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets", "demo",
				"--seats", "16", "--users", "40", "--requests", "200", "--json", report.toString(), "--state",
				state.resolve("stack").toString())
			.directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(state.resolve("demo.log").toFile());
		// The services inherit the demo's environment. This test counts every booking that reaches Postgres (16 with
		// the gate, all 200 without), so a Valkey command that outlasts the production 250 ms in a 200-request burst
		// on a busy 2-core machine (gate fails open, limiter answers 503) would fail it without any invariant
		// broken: generous Valkey timeouts here; the fail-fast directions are api-service's system tests.
		command.environment().put("MINITICKETS_VALKEY_COMMANDTIMEOUT", "5s");
		command.environment().put("MINITICKETS_VALKEY_CONNECTTIMEOUT", "5s");
		Process demo = command.start();
		boolean finished = demo.waitFor(7, TimeUnit.MINUTES);
		if (!finished) {
			demo.destroy();
			demo.waitFor(60, TimeUnit.SECONDS);
		}
		String log = Files.readString(state.resolve("demo.log"));
		assertThat(finished).as(log).isTrue();
		assertThat(demo.exitValue()).as(log).isZero();

		JsonNode written = JsonMapper.builder().build().readTree(report.toFile());
		assertThat(written.at("/paidEvent/holdsExpired").asInt()).as(log).isEqualTo(1);
		assertThat(written.at("/paidEvent/offersMade").asInt()).as(log).isEqualTo(1);
		assertThat(written.at("/paidEvent/offersPaid").asInt()).as(log).isEqualTo(1);
		assertThat(written.at("/paidEvent/verifier/seatConservation").asInt()).isZero();
		assertThat(written.at("/paidEvent/verifier/moneyMismatch").asInt()).isZero();
		JsonNode runs = written.get("runs");
		assertThat(runs).hasSize(2);
		for (JsonNode run : runs) {
			assertThat(run.get("requests").asInt()).isEqualTo(200);
			assertThat(run.get("confirmed").asInt()).as(log).isEqualTo(16);
			assertThat(run.get("oversold").asInt()).isZero();
			assertThat(run.get("accepted").asInt())
				.isEqualTo(run.get("confirmed").asInt() + run.get("rejected").asInt());
			int reachedPostgres = run.get("bookingsReachingPostgres").asInt();
			assertThat(reachedPostgres).isEqualTo(run.get("gate").asBoolean() ? 16 : 200);
		}
	}

}
