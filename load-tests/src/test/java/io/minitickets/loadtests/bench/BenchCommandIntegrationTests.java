package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import io.minitickets.localstack.valkey.ValkeyProbe;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code minitickets bench} against the machine's Valkey, 1 s per case: every case is measured, and the run leaves no
 * key under its prefix behind.
 */
class BenchCommandIntegrationTests {

	private static final String VALKEY_URL = Objects.requireNonNullElse(System.getenv("MINITICKETS_TEST_VALKEY_URL"),
			"redis://127.0.0.1:6379");

	private static final List<String> CASES = List.of("GET (baseline A)", "EVALSHA return 1 (baseline B)", "take-token",
			"reserve-seats, sold out (409)", "reserve-seats + settle-lease CONFIRMED");

	@Test
	@Timeout(value = 60, unit = TimeUnit.SECONDS)
	void measuresEveryCaseAndLeavesNoKeyBehind() {
		StringWriter output = new StringWriter();
		CommandLine command = new CommandLine(new BenchCommand()).setOut(new PrintWriter(output, true));

		int exitCode = command.execute("--only", "scripts", "--valkey-url", VALKEY_URL, "--callers", "8", "--seconds",
				"1");

		String printed = output.toString();
		assertThat(exitCode).as(printed).isZero();
		assertThat(CASES).allSatisfy((name) -> assertThat(opsPerSecond(printed, name)).as(printed).isPositive());
		Matcher prefix = Pattern.compile("keys under (bench-[0-9a-f]{8}:)").matcher(printed);
		assertThat(prefix.find()).as(printed).isTrue();
		assertThat(ValkeyProbe.deleteKeys(VALKEY_URL, prefix.group(1))).as("keys left under " + prefix.group(1))
			.isZero();
	}

	private static double opsPerSecond(String printed, String name) {
		Matcher row = Pattern.compile("^" + Pattern.quote(name) + " +([0-9,]+) ", Pattern.MULTILINE).matcher(printed);
		return row.find() ? Double.parseDouble(row.group(1).replace(",", "")) : -1;
	}

}
