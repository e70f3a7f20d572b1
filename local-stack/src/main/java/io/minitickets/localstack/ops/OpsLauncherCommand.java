package io.minitickets.localstack.ops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Unmatched;

/**
 * {@code minitickets ops …}: runs the operators' command line (ops-cli) against the local stack: every argument goes
 * to ops-cli, with the stack's Postgres, Kafka, Valkey key prefix, signing key and health URLs in its environment.
 */
@Command(name = "ops",
		description = { "The operators' command line (replay, status, events, users, tokens) against the local stack; "
				+ "./minitickets ops --help lists its commands.",
				"Variables already set (SPRING_DATASOURCE_URL, SPRING_KAFKA_BOOTSTRAP_SERVERS, MINITICKETS_VALKEY_URL, "
						+ "MINITICKETS_VALKEY_KEY_PREFIX, MINITICKETS_JWT_SECRET) win over the stack's." })
public final class OpsLauncherCommand implements Callable<Integer> {

	/** The ops-cli jar, relative to the checkout. */
	static final Path JAR = Path.of("ops-cli", "target", "ops-cli-exec.jar");

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Unmatched
	private List<String> arguments = new ArrayList<>();

	@Override
	public Integer call() throws IOException, InterruptedException {
		Path jar = StateDirectoryOption.checkout().resolve(JAR);
		if (!Files.isRegularFile(jar)) {
			throw new StackException(JAR + " is not built; build with ./mvnw -B -DskipTests package "
					+ "(./minitickets does it for you)");
		}
		List<String> command = new ArrayList<>(List.of(ProcessLauncher.java(), "-jar", jar.toString()));
		command.addAll(this.arguments);
		ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
		Optional<StackState> stack = new StateStore(this.state.resolve()).load();
		if (stack.isPresent() && StackEnvironment.anyRunning(stack.get())) {
			StackEnvironment.addMissing(builder.environment(), StackEnvironment.of(stack.get()));
		}
		else {
			System.err.println("minitickets ops: no local stack is up (" + this.state.resolve()
					+ "); using the environment's settings");
		}
		return builder.start().waitFor();
	}

}
