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
 * Issue 17's {@code streams} and {@code pushVsPoll} figures at a tiny size ({@code --only streams,pushVsPoll
 * --scale 0.0005}: 10 streams, 5 customers each way) through the real command line on a stack of real processes: it
 * exits 0 (every booking accepted, every stream and poller sees its final status), and the JSON holds the fields the
 * bars read. No figure is held to its bar here.
 */
class StreamFiguresIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@Test
	@Timeout(value = 10, unit = TimeUnit.MINUTES)
	void measuresBothFiguresAndWritesTheirFields(@TempDir Path state) throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		Path report = state.resolve("bench.json");
		Process bench = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets", "bench", "--only",
				"streams,pushVsPoll", "--connections", "4", "--scale", "0.0005", "--json", report.toString(),
				"--state", state.resolve("stack").toString())
			.directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(state.resolve("bench.log").toFile())
			.start();
		boolean finished = bench.waitFor(9, TimeUnit.MINUTES);
		if (!finished) {
			bench.destroy();
			bench.waitFor(60, TimeUnit.SECONDS);
		}
		String log = Files.readString(state.resolve("bench.log"));
		assertThat(finished).as(log).isTrue();
		assertThat(bench.exitValue()).as(log).isZero();

		JsonNode written = JsonMapper.builder().build().readTree(report.toFile());
		JsonNode streams = written.get("streams");
		assertThat(streams.propertyNames()).as(log)
			.contains("held", "dropped", "heapBytesPerStream", "idleCpuPercentOfCore");
		assertThat(streams.get("held").asInt()).as(log).isEqualTo(10);
		assertThat(streams.get("dropped").asInt()).as(log).isZero();
		assertThat(streams.get("finals").asInt()).as(log).isEqualTo(10);
		assertThat(streams.at("/streamAnswers/200").asLong()).as(log).isEqualTo(10);
		assertThat(streams.get("heapBeforeBytes").asLong()).isPositive();
		assertThat(streams.get("idleCpuPercentOfCore").isNumber()).isTrue();
		JsonNode pushVsPoll = written.get("pushVsPoll");
		assertThat(pushVsPoll.propertyNames()).as(log)
			.contains("customers", "sseCpuMicrosPerFinal", "pollCpuMicrosPerFinal");
		assertThat(pushVsPoll.get("customers").asInt()).isEqualTo(5);
		for (String round : List.of("sse", "poll")) {
			assertThat(pushVsPoll.at("/" + round + "/finals").asInt()).as(round + "\n" + log).isEqualTo(5);
			assertThat(pushVsPoll.at("/" + round + "/bookingAnswers/202").asLong()).as(round).isEqualTo(5);
			assertThat(pushVsPoll.at("/" + round + "/requests").asLong()).as(round).isGreaterThanOrEqualTo(5);
		}
		assertThat(pushVsPoll.get("pollCpuMicrosPerFinal").asDouble()).as(log).isPositive();
		assertThat(pushVsPoll.get("sseCpuMicrosPerFinal").asDouble()).isNotNegative();
	}

}
