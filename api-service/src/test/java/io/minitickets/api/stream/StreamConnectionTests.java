package io.minitickets.api.stream;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stream's connection is closed by the container's timeout scan at its deadline, and by the server stopping before
 * it; whatever closes it frees the stream once.
 */
class StreamConnectionTests {

	private final AtomicInteger freed = new AtomicInteger();

	private final StreamConnection connection = new StreamConnection();

	@Test
	void closesAtItsDeadlineAndFreesTheStreamOnce() {
		this.connection.prepare(new EventSlot(), 10_000, this.freed::incrementAndGet);

		this.connection.timeoutAsync(9_999);
		assertThat(this.freed).as("before the deadline").hasValue(0);

		this.connection.timeoutAsync(10_000);
		assertThat(this.freed).hasValue(1);
		assertThat(this.connection.isReady()).as("a closed connection takes no write").isFalse();

		this.connection.timeoutAsync(20_000);
		this.connection.destroy();
		this.connection.close();
		assertThat(this.freed).as("closed again").hasValue(1);
	}

	@Test
	void theServerStoppingClosesAStreamBeforeItsDeadline() {
		this.connection.prepare(new EventSlot(), Long.MAX_VALUE, this.freed::incrementAndGet);

		this.connection.timeoutAsync(-1);

		assertThat(this.freed).hasValue(1);
	}

}
