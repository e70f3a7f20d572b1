package io.minitickets.loadtests.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.gatling.app.Gatling$;
import io.gatling.javaapi.core.Simulation;

/**
 * Runs one Gatling simulation in this JVM, as {@code mvn gatling:test} would, with its HTML report under a results
 * folder. The simulation reads its settings from system properties (see
 * {@link io.minitickets.loadtests.gatling.LoadSettings}), set here for the run and cleared after it.
 */
final class GatlingRunner {

	private final Path resultsFolder;

	/**
	 * @param resultsFolder where Gatling writes each run's report folder ({@code <simulation>-<timestamp>})
	 */
	GatlingRunner(Path resultsFolder) {
		this.resultsFolder = resultsFolder;
	}

	/**
	 * Runs the simulation, printing Gatling's console summary.
	 * @param simulation the simulation class
	 * @param properties the settings it reads
	 * @param description the run's description in the report
	 * @return Gatling's exit code (0 done and its assertions held, else non-zero) and the report folder
	 */
	Result run(Class<? extends Simulation> simulation, Map<String, String> properties, String description) {
		properties.forEach(System::setProperty);
		try {
			Files.createDirectories(this.resultsFolder);
			int status = Gatling$.MODULE$.fromArgs(new String[] { "-s", simulation.getName(), "-rf",
					this.resultsFolder.toString(), "-rd", description });
			return new Result(status, newestReport(simulation));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create " + this.resultsFolder, ex);
		}
		finally {
			properties.keySet().forEach(System::clearProperty);
		}
	}

	private Optional<Path> newestReport(Class<? extends Simulation> simulation) throws IOException {
		String prefix = simulation.getSimpleName().toLowerCase(Locale.ROOT) + "-";
		try (Stream<Path> runs = Files.list(this.resultsFolder)) {
			return runs.filter((run) -> run.getFileName().toString().toLowerCase(Locale.ROOT).startsWith(prefix))
				.filter((run) -> Files.isRegularFile(run.resolve("index.html")))
				.max(Comparator.comparing((Path run) -> run.toFile().lastModified()));
		}
	}

	/**
	 * A finished run.
	 *
	 * @param status Gatling's exit code: 0 when the run ended and its assertions held
	 * @param report the run's report folder (its {@code index.html} is the HTML report), empty when none was written
	 */
	record Result(int status, Optional<Path> report) {

	}

}
