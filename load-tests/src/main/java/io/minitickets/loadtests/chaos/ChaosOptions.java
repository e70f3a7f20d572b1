package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;

import io.minitickets.localstack.chaos.FaultKind;

/**
 * What a fault-injection run does.
 *
 * @param rounds how many times each fault is injected, at least 1
 * @param seed seeds the fault moments, the load's choices and the poison bytes
 * @param faults the faults, in run order
 * @param stateParent the folder the run's own state folder {@code chaos-<seed>} is created in
 * @param checkout the checkout, where the services' jars are
 */
record ChaosOptions(int rounds, long seed, List<FaultKind> faults, Path stateParent, Path checkout) {

	ChaosOptions {
		if (rounds < 1) {
			throw new IllegalArgumentException("rounds must be at least 1");
		}
		faults = List.copyOf(faults);
	}

}
