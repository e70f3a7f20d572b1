package io.minitickets.loadtests.bench;

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
 * Issue 17's timeToKnow and eta figures at a tiny size, through the real command line on a stack of real processes:
 * timeToKnow (measuring acceptingKeyed first for its rate, as the run has no accepting figure) and eta (stopping the
 * worker, filling a backlog of 50, restarting the worker capped, sampling) run, exit 0 and report every field. No
 * figure is held to its bar here.
 */
class KnowFiguresIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@Test
	@Timeout(value = 15, unit = TimeUnit.MINUTES)
	void timeToKnowAndEtaRunAndReportTheirFields(@TempDir Path state) throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		Path report = state.resolve("bench.json");
		ProcessBuilder command = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets", "bench", "--only",
				"timeToKnow,eta", "--connections", "4", "--warm-up", "1", "--window", "2", "--users", "100",
				"--scale", "0.0005", "--json", report.toString(), "--state", state.resolve("stack").toString())
			.directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(state.resolve("bench.log").toFile());
		command.environment().put("MINITICKETS_VALKEY_COMMANDTIMEOUT", "5s");
		command.environment().put("MINITICKETS_VALKEY_CONNECTTIMEOUT", "5s");
		Process bench = command.start();
		boolean finished = bench.waitFor(13, TimeUnit.MINUTES);
		if (!finished) {
			bench.destroy();
			bench.waitFor(60, TimeUnit.SECONDS);
		}
		String log = Files.readString(state.resolve("bench.log"));
		assertThat(finished).as(log).isTrue();
		assertThat(bench.exitValue()).as(log).isZero();

		JsonNode written = JsonMapper.builder().build().readTree(report.toFile());
		JsonNode timeToKnow = written.get("timeToKnow");
		assertThat(timeToKnow.propertyNames()).as(log)
			.contains("rate", "p50Ms", "p99Ms", "ceilingOpenModelP99Ms", "streams", "misses", "answers", "void");
		assertThat(timeToKnow.get("rate").asDouble()).isPositive();
		assertThat(timeToKnow.get("rateFrom").asString()).isEqualTo("acceptingKeyed");
		assertThat(timeToKnow.get("streams").asLong()).as(log).isPositive();
		assertThat(timeToKnow.at("/finalStatuses/CONFIRMED").asLong()).as(log).isPositive();
		assertThat(timeToKnow.get("p50Ms").asDouble()).isPositive();
		assertThat(timeToKnow.get("p99Ms").asDouble()).isGreaterThanOrEqualTo(timeToKnow.get("p50Ms").asDouble());
		assertThat(timeToKnow.get("ceilingOpenModelP99Ms").isNull()).as("no ceiling in this run").isTrue();
		JsonNode eta = written.get("eta");
		assertThat(eta.propertyNames()).as(log)
			.contains("backlog", "medianErrorPct", "p90ErrorPct", "absentEta", "withEta", "unsettled", "rows");
		assertThat(eta.get("backlog").asInt()).isEqualTo(50);
		assertThat(eta.get("settleRateCap").asDouble()).isEqualTo(10.0);
		assertThat(eta.get("samples").asInt()).isEqualTo(5);
		assertThat(eta.get("unsettled").asInt()).as(log).isZero();
		assertThat(eta.get("withEta").asInt() + eta.get("absentEta").asInt()).as(log).isEqualTo(5);
		assertThat(eta.at("/answers/202").asLong()).as(log).isEqualTo(50);
	}

}
