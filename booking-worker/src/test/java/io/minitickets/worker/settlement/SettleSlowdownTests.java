package io.minitickets.worker.settlement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bench-only slow-down failpoint: after a batch that took t, the worker waits (factor − 1) × t, the factor read
 * from a file at most once a second, so that a bench slows a running worker to a third of its speed (factor 3) and
 * back (1) without restarting it. No file, or none named: no wait.
 */
class SettleSlowdownTests {

	private static final long SECOND = 1_000_000_000L;

	private final AtomicLong now = new AtomicLong(5 * SECOND);

	private final List<Long> pauses = new ArrayList<>();

	@TempDir
	private Path folder;

	private SettleSlowdown slowdown(Path file) {
		return new SettleSlowdown(file, this.now::get, this.pauses::add);
	}

	@Test
	void withoutAFileNamedNoBatchWaits() {
		SettleSlowdown slowdown = new SettleSlowdown(null, this.now::get, this.pauses::add);

		slowdown.after(50_000_000L);

		assertThat(this.pauses).isEmpty();
	}

	@Test
	void whileTheFileIsMissingNoBatchWaits() {
		SettleSlowdown slowdown = slowdown(this.folder.resolve("slowdown"));

		slowdown.after(50_000_000L);

		assertThat(this.pauses).isEmpty();
	}

	@Test
	void aFactorOfThreeWaitsTwiceTheBatchsTime() throws IOException {
		Path file = Files.writeString(this.folder.resolve("slowdown"), "3\n");
		SettleSlowdown slowdown = slowdown(file);

		slowdown.after(50_000_000L);

		assertThat(this.pauses).containsExactly(100_000_000L);
	}

	@Test
	void theFileIsReadAgainAfterASecond() throws IOException {
		Path file = Files.writeString(this.folder.resolve("slowdown"), "3");
		SettleSlowdown slowdown = slowdown(file);
		slowdown.after(10_000_000L);
		Files.writeString(file, "1");

		this.now.addAndGet(SECOND / 2);
		slowdown.after(10_000_000L);
		this.now.addAndGet(SECOND);
		slowdown.after(10_000_000L);

		assertThat(this.pauses).containsExactly(20_000_000L, 20_000_000L);
	}

	@Test
	void theFactorIsWhatTheFileSaysAndOneWithoutIt() throws IOException {
		Path file = this.folder.resolve("slowdown");
		SettleSlowdown slowdown = slowdown(file);
		assertThat(slowdown.factor()).isEqualTo(1);
		Files.writeString(file, "3");
		this.now.addAndGet(SECOND);

		assertThat(slowdown.factor()).as("read again a second later").isEqualTo(3);
		assertThat(new SettleSlowdown(null, this.now::get, this.pauses::add).factor()).isEqualTo(1);
	}

	@Test
	void anUnreadableFactorCountsAsNoSlowdown() throws IOException {
		Path file = Files.writeString(this.folder.resolve("slowdown"), "a third");
		SettleSlowdown slowdown = slowdown(file);

		slowdown.after(50_000_000L);

		assertThat(this.pauses).isEmpty();
	}

}
