package io.minitickets.simulator;

import java.net.URI;
import java.util.Map;

import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.simulator.web.SimulatorProblems;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulator's problem types, kept in its own code, are the services' (booking-core's {@link ProblemTypes}) for
 * every status either answers.
 */
class SimulatorProblemsTests {

	@Test
	void givesEachStatusTheTypeTheServicesGiveIt() {
		Map<Integer, URI> services = Map.ofEntries(Map.entry(400, ProblemTypes.INVALID_REQUEST),
				Map.entry(401, ProblemTypes.UNAUTHORIZED), Map.entry(403, ProblemTypes.FORBIDDEN),
				Map.entry(404, ProblemTypes.NOT_FOUND), Map.entry(405, ProblemTypes.UNSUPPORTED),
				Map.entry(406, ProblemTypes.UNSUPPORTED), Map.entry(409, ProblemTypes.CONFLICT),
				Map.entry(413, ProblemTypes.TOO_LARGE), Map.entry(415, ProblemTypes.UNSUPPORTED),
				Map.entry(422, ProblemTypes.INVALID_REQUEST), Map.entry(500, ProblemTypes.INTERNAL),
				Map.entry(501, ProblemTypes.UNSUPPORTED), Map.entry(503, ProblemTypes.UNAVAILABLE),
				Map.entry(505, ProblemTypes.UNSUPPORTED));

		services.forEach((status, type) -> assertThat(SimulatorProblems.typeOf(status)).as("status " + status)
			.isEqualTo(type));
	}

}
