package io.minitickets.loadtests.chaos;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad options of {@code minitickets chaos} are refused with exit code 2 and a message naming them, before any stack
 * starts.
 */
class ChaosCommandTests {

	@Test
	void refusesAnOpenModelRateOnTheClusterTopology() {
		Refusal refusal = run("--topology", "cluster", "--rate", "300");

		assertThat(refusal.exit()).isEqualTo(2);
		assertThat(refusal.err()).contains("--rate applies to the single topology only");
	}

	@Test
	void refusesAFaultTheClusterTopologyDoesNotInject() {
		Refusal refusal = run("--topology", "cluster", "--faults", "poison");

		assertThat(refusal.exit()).isEqualTo(2);
		assertThat(refusal.err()).contains("poison");
	}

	@Test
	void refusesAnUnknownTopology() {
		Refusal refusal = run("--topology", "ring");

		assertThat(refusal.exit()).isEqualTo(2);
		assertThat(refusal.err()).contains("ring");
	}

	private static Refusal run(String... args) {
		StringWriter err = new StringWriter();
		CommandLine commandLine = new CommandLine(new ChaosCommand());
		commandLine.setErr(new PrintWriter(err, true));
		int exit = commandLine.execute(args);
		return new Refusal(exit, err.toString());
	}

	private record Refusal(int exit, String err) {
	}

}
