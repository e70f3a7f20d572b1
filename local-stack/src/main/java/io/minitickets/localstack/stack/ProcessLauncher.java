package io.minitickets.localstack.stack;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * Starts the stack's processes: detached in a session of their own (so a Ctrl-C in the terminal does not reach them
 * and they outlive {@code up}), standard input from {@code /dev/null}, output and errors to a log file.
 */
public final class ProcessLauncher {

	private static final @Nullable Path SETSID = findOnPath("setsid");

	private final Path workingDirectory;

	/**
	 * @param workingDirectory the directory processes start in (the checkout)
	 */
	public ProcessLauncher(Path workingDirectory) {
		this.workingDirectory = workingDirectory;
	}

	/**
	 * The {@code java} of the running JVM, so every process of the stack runs on the JDK the command was started with.
	 * @return the path of the java executable
	 */
	public static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * The running JVM's classpath with absolute entries: the Kafka jars, the embedded Postgres and this module.
	 * @return a classpath for {@code java -cp}
	 */
	public static String classpath() {
		return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
			.map((entry) -> Path.of(entry).toAbsolutePath().toString())
			.reduce((left, right) -> left + File.pathSeparator + right)
			.orElse("");
	}

	/**
	 * Finds an executable on the PATH.
	 * @param name the executable's name, for example {@code valkey-server}
	 * @return its path, or null when no PATH entry holds an executable of that name
	 */
	public static @Nullable Path findOnPath(String name) {
		String path = System.getenv("PATH");
		if (path == null) {
			return null;
		}
		return Stream.of(path.split(File.pathSeparator))
			.filter((entry) -> !entry.isBlank())
			.map((entry) -> Path.of(entry, name))
			.filter(Files::isExecutable)
			.findFirst()
			.orElse(null);
	}

	/**
	 * Starts a long-running process and returns at once; see {@link Readiness} to wait for it.
	 * @param name the name it is recorded under
	 * @param kind infrastructure or service
	 * @param command the executable and its arguments
	 * @param environment variables added to the inherited environment
	 * @param logFile where its output and errors go; replaced
	 * @param url where clients reach it; null when none
	 * @param healthUrl its HTTP health endpoint; null when it has none
	 * @return the started process, as recorded in the state file
	 * @throws StackException when the process cannot be started
	 */
	public ManagedProcess start(String name, ProcessKind kind, List<String> command, Map<String, String> environment,
			Path logFile, @Nullable String url, @Nullable String healthUrl) {
		List<String> detached = new ArrayList<>();
		if (SETSID != null) {
			detached.add(SETSID.toString());
		}
		detached.addAll(command);
		Process process = startProcess(name, builder(detached, environment, logFile));
		ProcessHandle handle = process.toHandle();
		return new ManagedProcess(name, kind, handle.pid(), handle.info().startInstant().orElse(null),
				logFile.toString(), url, healthUrl);
	}

	/**
	 * Runs a command to its end, for one-off steps such as formatting Kafka's storage.
	 * @param what what the command does, for error messages
	 * @param command the executable and its arguments
	 * @param logFile where its output and errors go; replaced
	 * @param timeout how long it may run before it is killed
	 * @throws StackException when it fails, does not finish in time, or the wait is interrupted
	 */
	public void run(String what, List<String> command, Path logFile, Duration timeout) {
		Process process = startProcess(what, builder(command, Map.of(), logFile));
		try {
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly();
				throw new StackException(what + " did not finish within " + timeout.toSeconds() + " s; last lines of "
						+ logFile + ":\n" + LogTail.of(logFile, 30));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			throw new StackException(what + " was interrupted", ex);
		}
		if (process.exitValue() != 0) {
			throw new StackException(what + " failed with exit code " + process.exitValue() + "; last lines of "
					+ logFile + ":\n" + LogTail.of(logFile, 30));
		}
	}

	private ProcessBuilder builder(List<String> command, Map<String, String> environment, Path logFile) {
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.workingDirectory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()))
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
		builder.environment().putAll(environment);
		return builder;
	}

	private static Process startProcess(String name, ProcessBuilder builder) {
		try {
			Files.createDirectories(builder.redirectOutput().file().toPath().toAbsolutePath().getParent());
			return builder.start();
		}
		catch (IOException ex) {
			throw new StackException("Cannot start " + name + " (" + String.join(" ", builder.command()) + "): "
					+ ex.getMessage(), ex);
		}
	}

}
