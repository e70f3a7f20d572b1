package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.stack.Service;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./minitickets bench} at a tiny size, every figure, through the real command line on a stack of real
 * processes (and the ceiling app): it exits 0, and its JSON holds every field issue 8's bars read, with sane values.
 * No figure is held to its bar here: a test asserts what the bench reports, not how fast this machine is.
 */
class BenchSmallRunIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	private static final Map<String, List<String>> FIELDS = Map.ofEntries(
			Map.entry("machine", List.of("cores", "jdk")),
			Map.entry("ceiling", List.of("rps", "p99Ms", "openModelRate", "openModelP99Ms")),
			Map.entry("stampede",
					List.of("rps", "p99Ms", "apiCpuMicrosPerRequest", "openModelRate", "openModelP99Ms", "answers",
							"void")),
			Map.entry("stampedeKeyed", List.of("rps", "apiCpuMicrosPerRequest", "answers", "void")),
			Map.entry("accepting",
					List.of("rps", "p99Ms", "apiCpuMicrosPerRequest", "answers", "void", "backlogAtEnd", "drainPerSec")),
			Map.entry("acceptingKeyed", List.of("rps", "apiCpuMicrosPerRequest", "answers", "void")),
			Map.entry("timeToKnow", List.of("rate", "p50Ms", "p99Ms", "ceilingOpenModelP99Ms", "answers", "void")),
			Map.entry("eta", List.of("backlog", "medianErrorPct", "p90ErrorPct", "absentEta", "withEta")),
			Map.entry("gate",
					List.of("requests", "onReachingPostgres", "offReachingPostgres", "onAllFinalMs", "offAllFinalMs")),
			Map.entry("bigSale",
					List.of("requests", "users", "seats", "confirmedSeats", "oversold", "unsettled", "settledAfterMs")),
			Map.entry("expiry",
					List.of("holds", "allExpiredMs", "p99LateMs", "seatsBackMs", "expired", "seatsSold",
							"gateAvailable", "drift")),
			Map.entry("worker", List.of("settlementsPerSec", "singleTxnBaselinePerSec")),
			Map.entry("limiter",
					List.of("hotKeyOpsPerSec", "hotKeyNoCacheOpsPerSec", "bucket4jHotKeyOpsPerSec", "spreadOpsPerSec",
							"bucket4jSpreadOpsPerSec", "hotKeyAllowedShare", "hotKeyNoCacheAllowedShare")),
			Map.entry("scripts", List.of("rows")),
			Map.entry("streams", List.of("held", "dropped", "heapBytesPerStream", "idleCpuPercentOfCore")),
			Map.entry("pushVsPoll", List.of("customers", "sseCpuMicrosPerFinal", "pollCpuMicrosPerFinal")),
			Map.entry("waitingRoom",
					List.of("places", "spearmanRho", "fifoViolations", "fixedRate", "fixedRateErrorPct",
							"autoMaxLagSeconds", "shed", "positionCpuMicros", "soldOutCpuMicros", "doublePlaces")));

	@Test
	@Timeout(value = 25, unit = TimeUnit.MINUTES)
	void measuresEveryFigureAndWritesEveryField(@TempDir Path state) throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		Path report = state.resolve("bench.json");
		ProcessBuilder command = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets", "bench",
				"--connections", "4", "--warm-up", "1", "--window", "1", "--users", "100", "--scale", "0.0005",
				"--callers", "4", "--seconds", "1", "--json", report.toString(), "--state",
				state.resolve("stack").toString())
			.directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(state.resolve("bench.log").toFile());
		// as in SaleDayDemoIntegrationTests: on a busy machine a Valkey command may outlast the production 250 ms,
		// and the gate figure counts the bookings that reach Postgres
		command.environment().put("MINITICKETS_VALKEY_COMMANDTIMEOUT", "5s");
		command.environment().put("MINITICKETS_VALKEY_CONNECTTIMEOUT", "5s");
		Process bench = command.start();
		boolean finished = bench.waitFor(23, TimeUnit.MINUTES);
		if (!finished) {
			bench.destroy();
			bench.waitFor(60, TimeUnit.SECONDS);
		}
		String log = Files.readString(state.resolve("bench.log"));
		assertThat(finished).as(log).isTrue();
		assertThat(bench.exitValue()).as(log).isZero();

		JsonNode written = JsonMapper.builder().build().readTree(report.toFile());
		FIELDS.forEach((figure, fields) -> assertThat(written.path(figure).propertyNames()).as(figure + "\n" + log)
			.containsAll(fields));
		assertThat(written.at("/machine/cores").asInt()).isPositive();
		for (String rate : List.of("/ceiling/rps", "/ceiling/openModelRate", "/stampede/rps", "/stampede/openModelRate",
				"/stampedeKeyed/rps", "/accepting/rps", "/acceptingKeyed/rps")) {
			assertThat(written.at(rate).asDouble()).as(rate).isPositive();
		}
		for (String latency : List.of("/ceiling/p99Ms", "/ceiling/openModelP99Ms", "/stampede/p99Ms",
				"/stampede/openModelP99Ms", "/accepting/p99Ms")) {
			assertThat(written.at(latency).asDouble()).as(latency).isPositive();
		}
		assertThat(written.at("/stampede/apiCpuMicrosPerRequest").asDouble()).isNotNegative();
		assertThat(written.at("/accepting/apiCpuMicrosPerRequest").asDouble()).isNotNegative();
		assertThat(written.at("/stampede/answers/409").asLong()).as(log).isPositive();
		assertThat(written.at("/stampedeKeyed/answers/409").asLong()).as(log).isPositive();
		assertThat(written.at("/accepting/answers/202").asLong()).as(log).isPositive();
		assertThat(written.at("/acceptingKeyed/answers/202").asLong()).as(log).isPositive();
		JsonNode gate = written.get("gate");
		assertThat(gate.get("requests").asInt()).isEqualTo(5);
		assertThat(gate.get("onReachingPostgres").asInt()).as(log).isEqualTo(gate.get("seats").asInt());
		assertThat(gate.get("offReachingPostgres").asInt()).as(log).isEqualTo(5);
		assertThat(gate.get("onAllFinalMs").asLong()).isPositive();
		assertThat(gate.get("offAllFinalMs").asLong()).isPositive();
		JsonNode bigSale = written.get("bigSale");
		assertThat(bigSale.get("requests").asInt()).isEqualTo(500);
		assertThat(bigSale.get("oversold").asLong()).isZero();
		assertThat(bigSale.get("confirmedSeats").asLong()).as(log).isEqualTo(bigSale.get("seats").asLong());
		assertThat(bigSale.get("unsettled").asInt()).isZero();
		assertThat(bigSale.get("settledAfterMs").asLong()).isNotNegative();
		JsonNode expiry = written.get("expiry");
		assertThat(expiry.get("holds").asInt()).isEqualTo(50);
		assertThat(expiry.get("expired").asLong()).as(log).isEqualTo(50);
		assertThat(expiry.get("seatsSold").asLong()).isZero();
		assertThat(expiry.get("gateAvailable").asLong()).isEqualTo(50);
		assertThat(expiry.get("drift").asLong()).isZero();
		for (String wait : List.of("/expiry/allExpiredMs", "/expiry/p99LateMs", "/expiry/seatsBackMs")) {
			assertThat(written.at(wait).asLong()).as(wait).isNotNegative();
		}
		for (String rate : List.of("/worker/settlementsPerSec", "/worker/singleTxnBaselinePerSec",
				"/limiter/hotKeyOpsPerSec", "/limiter/bucket4jHotKeyOpsPerSec", "/limiter/spreadOpsPerSec",
				"/limiter/bucket4jSpreadOpsPerSec")) {
			assertThat(written.at(rate).asDouble()).as(rate).isPositive();
		}
		assertThat(written.at("/scripts/rows").size()).isEqualTo(5);
		JsonNode timeToKnow = written.get("timeToKnow");
		assertThat(timeToKnow.get("rate").asDouble()).isPositive();
		assertThat(timeToKnow.get("streams").asLong()).as(log).isPositive();
		assertThat(timeToKnow.at("/finalStatuses/CONFIRMED").asLong()).as(log).isPositive();
		assertThat(timeToKnow.get("p99Ms").asDouble()).isGreaterThanOrEqualTo(timeToKnow.get("p50Ms").asDouble());
		assertThat(timeToKnow.get("ceilingOpenModelP99Ms").asDouble()).as("the ceiling ran first").isPositive();
		JsonNode eta = written.get("eta");
		assertThat(eta.get("backlog").asInt()).isEqualTo(50);
		assertThat(eta.get("unsettled").asInt()).as(log).isZero();
		assertThat(eta.get("withEta").asInt() + eta.get("absentEta").asInt()).as(log)
			.isEqualTo(eta.get("samples").asInt());
		JsonNode streams = written.get("streams");
		assertThat(streams.get("held").asInt()).as(log).isEqualTo(10);
		assertThat(streams.get("dropped").asInt()).as(log).isZero();
		assertThat(streams.get("finals").asInt()).as(log).isEqualTo(10);
		JsonNode pushVsPoll = written.get("pushVsPoll");
		for (String round : List.of("sse", "poll")) {
			assertThat(pushVsPoll.at("/" + round + "/finals").asInt()).as(round + "\n" + log)
				.isEqualTo(pushVsPoll.get("customers").asInt());
		}
		assertThat(pushVsPoll.get("pollCpuMicrosPerFinal").asDouble()).as(log).isPositive();
		JsonNode waitingRoom = written.get("waitingRoom");
		assertThat(waitingRoom.get("places").asInt()).isEqualTo(5);
		assertThat(waitingRoom.at("/fairness/joinedBeforeOpening").asInt()).as(log).isEqualTo(5);
		assertThat(waitingRoom.get("fifoViolations").asLong()).as(log).isZero();
		assertThat(waitingRoom.at("/fairness/positionMismatches").asLong()).as(log).isZero();
		assertThat(waitingRoom.get("doublePlaces").asLong()).as(log).isZero();
		assertThat(Math.abs(waitingRoom.get("spearmanRho").asDouble())).isLessThanOrEqualTo(1);
		assertThat(waitingRoom.get("fixedRate").asDouble()).as(log).isPositive();
		assertThat(waitingRoom.at("/rate/waitingAtEnd").asLong()).as(log).isPositive();
		assertThat(waitingRoom.get("positionCpuMicros").asDouble()).as(log).isPositive();
		assertThat(waitingRoom.get("soldOutCpuMicros").asDouble()).as(log).isPositive();
		assertThat(waitingRoom.at("/auto/through").asInt()).as(log).isPositive();
		assertThat(waitingRoom.at("/auto/booked").asInt()).as(log)
			.isEqualTo(waitingRoom.at("/auto/through").asInt() - waitingRoom.at("/auto/dropped").asInt());
		assertThat(waitingRoom.at("/auto/slowedAtSeconds").asDouble())
			.as("the worker capped at 10/s: slowed once a third of the 50 customers were admitted\n" + log)
			.isNotNegative();
		assertThat(waitingRoom.at("/auto/lineSeconds").asDouble()).as("the line still waiting after the slow-down")
			.isPositive();
		assertThat(waitingRoom.get("autoFollowSeconds").asDouble()).as("seconds, or -1 for never")
			.isGreaterThanOrEqualTo(-1);
		assertThat(waitingRoom.get("autoMaxLagSeconds").asDouble()).isNotNegative();
		assertThat(waitingRoom.get("shed").asLong()).isNotNegative();
	}

}
