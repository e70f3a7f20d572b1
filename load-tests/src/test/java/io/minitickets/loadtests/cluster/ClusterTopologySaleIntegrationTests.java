package io.minitickets.loadtests.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * {@code ./minitickets up --topology cluster} through the real command line: three KRaft brokers, a Valkey Cluster of
 * three primaries and two instances of each service come up, {@code status} shows every one of them healthy, a sale
 * through the demo on that stack confirms exactly its seats with none oversold and every 202 settled (DESIGN.md
 * invariants 1 and 2), and {@code down} stops it all. Needs the services' jars (the reactor packages them before
 * load-tests) and valkey-server or redis-server with its CLI on the PATH.
 */
class ClusterTopologySaleIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@Test
	@Timeout(value = 20, unit = TimeUnit.MINUTES)
	void aSaleOnTheClusterTopologyConfirmsExactlyItsSeats(@TempDir Path directory)
			throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		Path state = directory.resolve("stack");
		try {
			Run up = run(directory, "up", Duration.ofMinutes(10), "up", "--topology", "cluster", "--state",
					state.toString());
			assertThat(up.exitCode()).as(up.log()).isZero();

			Run status = run(directory, "status", Duration.ofMinutes(1), "status", "--state", state.toString());
			assertThat(status.exitCode()).as(status.log()).isZero();
			assertThat(status.log()).contains("kafka-1", "kafka-2", "kafka-3", "valkey-1", "valkey-2", "valkey-3",
					"api-service-2", "booking-worker-2", "reconciler-2", "redis-cluster://");

			Path report = directory.resolve("demo.json");
			Run demo = run(directory, "demo", Duration.ofMinutes(6), "demo", "--gate-on-only", "--seats", "16",
					"--users", "40", "--requests", "120", "--json", report.toString(), "--state", state.toString());
			assertThat(demo.exitCode()).as(demo.log()).isZero();
			JsonNode runs = JsonMapper.builder().build().readTree(report.toFile()).get("runs");
			assertThat(runs).hasSize(1);
			for (JsonNode run : runs) {
				assertThat(run.get("confirmed").asInt()).as(demo.log()).isEqualTo(16);
				assertThat(run.get("oversold").asInt()).isZero();
				assertThat(run.get("accepted").asInt())
					.as("every 202 is final")
					.isEqualTo(run.get("confirmed").asInt() + run.get("rejected").asInt());
			}
		}
		finally {
			Run down = run(directory, "down", Duration.ofMinutes(2), "down", "--state", state.toString());
			assertThat(down.exitCode()).as(down.log()).isZero();
		}
	}

	private static Run run(Path directory, String name, Duration timeout, String... arguments)
			throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets"));
		command.addAll(List.of(arguments));
		Path log = directory.resolve(name + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		// Nine JVMs and three Valkey nodes share a busy 2-core machine: a Valkey handshake or command that outlasts
		// the production 250 ms would fail a health check or fail the gate open without any invariant broken.
		// Generous Valkey timeouts here, as in SaleDayDemoIntegrationTests; the fail-fast directions on a cluster are
		// booking-core's ValkeyClusterNodeLossIntegrationTests.
		builder.environment().put("MINITICKETS_VALKEY_COMMANDTIMEOUT", "5s");
		builder.environment().put("MINITICKETS_VALKEY_CONNECTTIMEOUT", "5s");
		Process process = builder.start();
		boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (!finished) {
			process.destroy();
			process.waitFor(60, TimeUnit.SECONDS);
		}
		String output = Files.readString(log);
		assertThat(finished).as(name + " did not finish within " + timeout + ":\n" + output).isTrue();
		return new Run(process.exitValue(), output);
	}

	private record Run(int exitCode, String log) {
	}

}
