package io.minitickets.loadtests.demo;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.report.JsonFiles;

/**
 * The demo's result as {@code --json} writes it: the scenario and one report per run.
 *
 * @param scenario the scenario's size
 * @param runs gate on, then gate off
 * @param paidEvent the paid event beside them: a hold that expires, a waiting-list offer paid; null when not run
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DemoReport(Scenario scenario, List<RunReport> runs, @Nullable PaidEventReport paidEvent) {

	public DemoReport {
		runs = List.copyOf(runs);
	}

	/**
	 * Writes {@code {"scenario":{"seats","users","requests"},"runs":[{"gate", "requests", "accepted", ...}],
	 * "paidEvent":{"holdsExpired", "offersMade", ...}}}.
	 * @param file where to write the report as JSON; its folder is created when missing
	 * @throws UncheckedIOException when the file cannot be written
	 */
	void write(Path file) {
		JsonFiles.write(this, file);
	}

}
