package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.valkey.ValkeyProbe;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code minitickets bench --only limiter} against the machine's Valkey, small-sized (4 callers, one round of 1 s per
 * case): all four cases decide, the JSON holds exactly the limiter figure's fields, and no key is left behind.
 */
class LimiterFigureIntegrationTests {

	private static final String VALKEY_URL = Objects.requireNonNullElse(System.getenv("MINITICKETS_TEST_VALKEY_URL"),
			"redis://127.0.0.1:6379");

	@Test
	@Timeout(value = 60, unit = TimeUnit.SECONDS)
	void measuresBothLimitersOnBothShapesAndLeavesNoKeyBehind(@TempDir Path folder) {
		StringWriter output = new StringWriter();
		CommandLine command = new CommandLine(new BenchCommand()).setOut(new PrintWriter(output, true));
		Path json = folder.resolve("bench.json");

		int exitCode = command.execute("--only", "limiter", "--valkey-url", VALKEY_URL, "--callers", "4", "--seconds",
				"1", "--json", json.toString());

		String printed = output.toString();
		assertThat(exitCode).as(printed).isZero();
		JsonNode limiter = JsonMapper.builder().build().readTree(json.toFile()).get("limiter");
		assertThat(limiter.propertyNames()).containsExactly("hotKeyOpsPerSec", "bucket4jHotKeyOpsPerSec",
				"spreadOpsPerSec", "bucket4jSpreadOpsPerSec");
		assertThat(List.of("hotKeyOpsPerSec", "bucket4jHotKeyOpsPerSec", "spreadOpsPerSec", "bucket4jSpreadOpsPerSec"))
			.allSatisfy((field) -> assertThat(limiter.get(field).asDouble()).as(field).isPositive());
		Matcher prefix = Pattern.compile("keys under (bench-[0-9a-f]{8}:)").matcher(printed);
		assertThat(prefix.find()).as(printed).isTrue();
		assertThat(ValkeyProbe.deleteKeys(VALKEY_URL, prefix.group(1))).as("keys left under " + prefix.group(1))
			.isZero();
	}

	@Test
	void refusesAnUnknownFigure() {
		CommandLine command = new CommandLine(new BenchCommand()).setErr(new PrintWriter(new StringWriter(), true));

		assertThat(command.execute("--only", "nothing", "--valkey-url", VALKEY_URL)).isEqualTo(2);
	}

}
