package io.minitickets.loadtests.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.StackSession;

/**
 * What a {@link Figure} measures with: the run's options, where progress goes, the local stack (started on first
 * use, and stopped at the end when the bench started it), and the figures measured before it in the same run.
 */
public final class BenchContext implements AutoCloseable {

	private final BenchOptions options;

	private final PrintWriter out;

	private final Path stateDirectory;

	private final Map<String, Object> measured = new LinkedHashMap<>();

	private @Nullable StackSession session;

	private @Nullable BenchStack stack;

	/**
	 * @param options the run's sizes
	 * @param out where progress is printed
	 * @param stateDirectory the local stack's state folder
	 */
	BenchContext(BenchOptions options, PrintWriter out, Path stateDirectory) {
		this.options = options;
		this.out = out;
		this.stateDirectory = stateDirectory;
	}

	/**
	 * @return the run's sizes
	 */
	public BenchOptions options() {
		return this.options;
	}

	/**
	 * Prints a line of progress at once.
	 * @param format a {@link String#format} pattern
	 * @param args its arguments
	 */
	public void progress(String format, Object... args) {
		this.out.println(String.format(Locale.ROOT, format, args));
		this.out.flush();
	}

	/**
	 * @return the folder for the logs of processes the bench starts (the stack's state folder's {@code logs})
	 */
	public Path logDirectory() {
		return this.stateDirectory.resolve("logs");
	}

	/**
	 * @return where progress is printed
	 */
	public PrintWriter out() {
		return this.out;
	}

	/**
	 * @return the local stack in the state folder, started now when none runs
	 * @throws io.minitickets.localstack.stack.StackException when it cannot be started or api-service is not healthy
	 */
	public BenchStack stack() {
		if (this.stack == null) {
			this.session = StackSession.open(this.stateDirectory, "bench", System.out);
			this.stack = new BenchStack(this.session);
		}
		return this.stack;
	}

	/**
	 * @param name a figure's name
	 * @param type its figures' record type
	 * @param <T> that type
	 * @return its figures when it was measured earlier in this run
	 */
	public <T> Optional<T> figure(String name, Class<T> type) {
		return Optional.ofNullable(this.measured.get(name)).filter(type::isInstance).map(type::cast);
	}

	void record(String name, Object figures) {
		this.measured.put(name, figures);
	}

	@Override
	public void close() {
		if (this.stack != null) {
			this.stack.close();
		}
		if (this.session != null) {
			this.session.close();
		}
	}

}
