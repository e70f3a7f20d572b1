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
	void namesTheOptionAtFaultForANegativeRateOrNoConnections() {
		Refusal rate = run("--rate", "-5");
		Refusal connections = run("--rate", "100", "--connections", "0");

		assertThat(rate.exit()).isEqualTo(2);
		assertThat(rate.err()).contains("--rate must be a number of requests per second, 0 or above, not -5.0")
			.doesNotContain("--connections must");
		assertThat(connections.exit()).isEqualTo(2);
		assertThat(connections.err()).contains("--connections must be at least 1, not 0").doesNotContain("--rate must");
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
