package io.minitickets.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops} run as an operator runs it, in a JVM of its own through {@link OpsCommand#main}: its standard output is
 * the command's own from the first line, and a report written with {@code print} reaches stderr before the exit.
 * The JVM is given {@code --enable-native-access=ALL-UNNAMED}, as the jar's manifest gives it
 * ({@code Enable-Native-Access}, ops-cli's pom): without it JDK 24+ prints four warnings and a blank line first.
 */
class OpsMainIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void createPrintsItsIdAndItsReportWithNothingBefore() throws IOException, InterruptedException {
		Process ops = launch("events", "create", "--name", "Sale day", "--capacity", "5");
		String out = new String(ops.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		String err = new String(ops.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

		assertThat(ops.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		assertThat(ops.exitValue()).as(err).isZero();
		assertThat(out).matches("[0-9]+\\n");
		assertThat(err).startsWith("created event " + out.strip() + " 'Sale day': 5 seats, free, sale opens ")
			.endsWith("; gate counter loaded\n")
			.hasLineCount(1);
	}

	private Process launch(String... args) throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				// the jar's logging configuration, not the test class path's two logback-test.xml (which chatter)
				"-Dlogback.configurationFile=" + OpsCommand.class.getResource("/logback.xml")));
		for (String name : List.of("spring.datasource.url", "spring.datasource.username", "spring.datasource.password",
				"minitickets.valkey.url", "minitickets.valkey.key-prefix")) {
			String value = this.environment.getProperty(name);
			if (value != null) {
				command.add("-D" + name + "=" + value);
			}
		}
		command.add("-Dspring.kafka.bootstrap-servers=" + bootstrapServers());
		command.add("-Dminitickets.jwt.secret=" + JWT_SECRET);
		command.add(OpsCommand.class.getName());
		command.addAll(List.of(args));
		return new ProcessBuilder(command).start();
	}

}
