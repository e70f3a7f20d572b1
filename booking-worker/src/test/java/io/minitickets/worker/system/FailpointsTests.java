package io.minitickets.worker.system;

import java.util.ArrayList;
import java.util.List;

import io.minitickets.worker.system.WorkerProperties.Failpoint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailpointsTests {

	@Test
	void haltsOnlyAtTheArmedPoint() {
		List<Integer> halts = new ArrayList<>();
		Failpoints failpoints = new Failpoints(Failpoint.HALT_AFTER_COMMIT, halts::add);

		failpoints.reach(Failpoint.NONE);
		failpoints.reach(Failpoint.HALT_AFTER_COMMIT);

		assertThat(halts).containsExactly(Failpoints.HALTED_STATUS);
	}

	@Test
	void neverHaltsWhenDisarmed() {
		List<Integer> halts = new ArrayList<>();
		Failpoints failpoints = new Failpoints(Failpoint.NONE, halts::add);

		failpoints.reach(Failpoint.HALT_AFTER_COMMIT);
		failpoints.reach(Failpoint.NONE);

		assertThat(halts).isEmpty();
	}

}
