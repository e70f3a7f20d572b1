package io.minitickets.localstack.stack;

import java.nio.file.Path;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The {@code --state DIR} option every command shares: which state folder holds the stack.
 */
public final class StateDirectoryOption {

	@Option(names = "--state", paramLabel = "DIR",
			description = "State folder of the stack (default: $MINITICKETS_STATE_DIR, else .state in the checkout).")
	private @Nullable Path directory;

	/**
	 * @return the state folder as an absolute path: {@code --state}, else {@code MINITICKETS_STATE_DIR}, else
	 * {@code .state} in the working directory (the checkout, where {@code ./minitickets} runs)
	 */
	public Path resolve() {
		if (this.directory != null) {
			return this.directory.toAbsolutePath().normalize();
		}
		String fromEnvironment = System.getenv("MINITICKETS_STATE_DIR");
		if (fromEnvironment != null && !fromEnvironment.isBlank()) {
			return Path.of(fromEnvironment).toAbsolutePath().normalize();
		}
		return Path.of(".state").toAbsolutePath().normalize();
	}

	/**
	 * @return the checkout's root folder: the working directory
	 */
	public static Path checkout() {
		return Path.of("").toAbsolutePath();
	}

}
