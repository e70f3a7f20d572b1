package io.minitickets.loadtests.bench.sse;

import io.minitickets.core.problem.ProblemTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the benches' booking clients send again: what a client that wants its booking retries, and nothing final.
 */
class BookersTests {

	@Test
	void aRefusalThatSaysTryAgainIsSentAgain() {
		assertThat(Bookers.retried(429, "")).isTrue();
		assertThat(Bookers.retried(503, "")).isTrue();
		assertThat(Bookers.retried(409, "{\"type\":\"" + ProblemTypes.REQUEST_IN_PROGRESS
				+ "\",\"title\":\"Request in progress\",\"status\":409}")).isTrue();
	}

	@Test
	void aFinalRefusalIsNot() {
		assertThat(Bookers.retried(409, "{\"type\":\"" + ProblemTypes.SOLD_OUT + "\",\"status\":409}")).isFalse();
		assertThat(Bookers.retried(400, "")).isFalse();
		assertThat(Bookers.retried(404, "")).isFalse();
	}

}
