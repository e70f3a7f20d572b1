package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;

/**
 * What a fault-injection run reports, whichever topology it ran on: the table, the JSON file, and what was broken.
 */
interface ChaosOutcome {

	/**
	 * @return every broken invariant or design promise, empty when the run is green
	 */
	List<String> violations();

	/**
	 * @return what was seen that the design does not name, reported without counting as a violation
	 */
	List<String> notes();

	/**
	 * @return the table, as Markdown (readable in a terminal too)
	 */
	String table();

	/**
	 * Writes the report as JSON.
	 * @param file where
	 * @throws java.io.UncheckedIOException when it cannot be written
	 */
	void write(Path file);

	/**
	 * @return true when nothing was broken
	 */
	default boolean green() {
		return violations().isEmpty();
	}

}
