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
 * case): all five cases decide (ours on the hot key with and without its in-process denial cache), the JSON holds
 * exactly the limiter figure's fields with each case's share of allowed decisions, and no key is left behind.
 */
class LimiterFigureIntegrationTests {

	private static final String VALKEY_URL = Objects.requireNonNullElse(System.getenv("MINITICKETS_TEST_VALKEY_URL"),
			"redis://127.0.0.1:6379");

	@Test
	@Timeout(value = 60, unit = TimeUnit.SECONDS)
	void measuresBothLimitersOnBothShapesWithAndWithoutTheDenialCacheAndLeavesNoKeyBehind(@TempDir Path folder) {
		StringWriter output = new StringWriter();
		CommandLine command = new CommandLine(new BenchCommand()).setOut(new PrintWriter(output, true));
		Path json = folder.resolve("bench.json");

		int exitCode = command.execute("--only", "limiter", "--valkey-url", VALKEY_URL, "--callers", "4", "--seconds",
				"1", "--json", json.toString());

		String printed = output.toString();
		assertThat(exitCode).as(printed).isZero();
		JsonNode limiter = JsonMapper.builder().build().readTree(json.toFile()).get("limiter");
		assertThat(limiter.propertyNames()).containsExactly("hotKeyOpsPerSec", "hotKeyNoCacheOpsPerSec",
				"bucket4jHotKeyOpsPerSec", "spreadOpsPerSec", "bucket4jSpreadOpsPerSec", "hotKeyAllowedShare",
				"hotKeyNoCacheAllowedShare", "bucket4jHotKeyAllowedShare", "spreadAllowedShare",
				"bucket4jSpreadAllowedShare");
		assertThat(List.of("hotKeyOpsPerSec", "hotKeyNoCacheOpsPerSec", "bucket4jHotKeyOpsPerSec", "spreadOpsPerSec",
				"bucket4jSpreadOpsPerSec"))
			.allSatisfy((field) -> assertThat(limiter.get(field).asDouble()).as(field).isPositive());
		// a hot key allows its 10 tokens and about one a second, and denies the rest; 4 callers for 1 s ask each of
		// the 10,000 spread buckets a few times at most, so most of those calls find a token
		assertThat(List.of("hotKeyAllowedShare", "hotKeyNoCacheAllowedShare", "bucket4jHotKeyAllowedShare"))
			.allSatisfy((field) -> assertThat(limiter.get(field).asDouble()).as(field).isPositive().isLessThan(0.5));
		assertThat(List.of("spreadAllowedShare", "bucket4jSpreadAllowedShare"))
			.allSatisfy((field) -> assertThat(limiter.get(field).asDouble()).as(field).isGreaterThan(0.5)
				.isLessThanOrEqualTo(1));
		assertThat(printed).contains("ours, one hot key, no denial cache");
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
