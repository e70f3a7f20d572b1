package io.minitickets.localstack.demo;

import java.util.List;

/**
 * The demo's result as {@code --json} writes it: the scenario and one report per run.
 *
 * @param scenario the scenario's size
 * @param runs gate on, then gate off
 */
public record DemoReport(Scenario scenario, List<RunReport> runs) {

	public DemoReport {
		runs = List.copyOf(runs);
	}

}
