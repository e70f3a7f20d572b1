package io.minitickets.loadtests.bench.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a customer reads its status stream: the status of a {@code data:} line, final unless PENDING or HELD.
 */
class StatusStreamsTests {

	@Test
	void readsTheStatusOfADataLineOnly() {
		assertThat(StatusStreams.status("data:{\"bookingId\":\"x\",\"eventId\":1,\"quantity\":1,\"status\":\"CONFIRMED\"}"))
			.isEqualTo("CONFIRMED");
		assertThat(StatusStreams.status("id:2:-")).isNull();
		assertThat(StatusStreams.status(":heartbeat")).isNull();
	}

	@Test
	void pendingAndHeldAreNotFinal() {
		assertThat(StatusStreams.isFinal("PENDING")).isFalse();
		assertThat(StatusStreams.isFinal("HELD")).isFalse();
		assertThat(StatusStreams.isFinal("CONFIRMED")).isTrue();
		assertThat(StatusStreams.isFinal("REJECTED")).isTrue();
	}

}
