package io.minitickets.core.testing.compose;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code docker-compose} command line (Debian's package; {@code .ci/run} installs it), run on a compose file
 * without a Docker engine: {@code config} only renders and validates.
 */
public final class DockerComposeCli {

	/** The longest one {@code docker-compose} run may take. */
	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private final Path executable;

	private DockerComposeCli(Path executable) {
		this.executable = executable;
	}

	/**
	 * Finds {@code docker-compose} on the {@code PATH}.
	 * @return the command line, or empty when it is not installed
	 */
	public static Optional<DockerComposeCli> find() {
		String path = System.getenv("PATH");
		if (path == null) {
			return Optional.empty();
		}
		for (String directory : path.split(File.pathSeparator)) {
			Path candidate = Path.of(directory, "docker-compose");
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(new DockerComposeCli(candidate));
			}
		}
		return Optional.empty();
	}

	/**
	 * Runs {@code docker-compose --env-file <empty> -f <file> [--profile p]... config -q}: the file is read,
	 * interpolated with exactly the given variables (no {@code .env} and none of this JVM's environment beyond
	 * {@code PATH} and {@code HOME}), and validated against the compose schema.
	 * @param file the compose file
	 * @param variables the variables to interpolate with
	 * @param profiles the profiles to enable
	 * @return the exit code and what it printed on standard error
	 * @throws IllegalStateException when it does not finish within 60 s
	 */
	public Result config(Path file, Map<String, String> variables, List<String> profiles) {
		try {
			Path emptyEnvFile = Files.createTempFile("compose-env", ".env");
			Path stderr = Files.createTempFile("compose-config", ".err");
			try {
				List<String> command = new ArrayList<>(List.of(this.executable.toString(), "--env-file",
						emptyEnvFile.toString(), "-f", file.toString()));
				profiles.forEach((profile) -> command.addAll(List.of("--profile", profile)));
				command.addAll(List.of("config", "-q"));
				ProcessBuilder builder = new ProcessBuilder(command).directory(file.getParent().toFile())
					.redirectOutput(ProcessBuilder.Redirect.DISCARD)
					.redirectError(stderr.toFile());
				Map<String, String> environment = builder.environment();
				environment.keySet().retainAll(List.of("PATH", "HOME", "LANG"));
				environment.putAll(variables);
				Process process = builder.start();
				if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
					process.destroyForcibly();
					throw new IllegalStateException(command + " did not finish within " + TIMEOUT);
				}
				return new Result(process.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8));
			}
			finally {
				Files.deleteIfExists(emptyEnvFile);
				Files.deleteIfExists(stderr);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while docker-compose ran", ex);
		}
	}

	/**
	 * @return where the command is
	 */
	public Path executable() {
		return this.executable;
	}

	/**
	 * What one run did.
	 *
	 * @param exitCode its exit code: 0 when the file is valid
	 * @param errors what it printed on standard error
	 */
	public record Result(int exitCode, String errors) {
	}

}
