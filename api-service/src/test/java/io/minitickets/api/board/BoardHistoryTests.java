package io.minitickets.api.board;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.minitickets.api.board.BookingRequestMeters.RequestCounts;
import io.minitickets.api.queue.PartitionQueue;
import io.minitickets.api.queue.QueueReading;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BoardHistoryTests {

	private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

	private final BoardHistory history = new BoardHistory(10, Duration.ofSeconds(10));

	@Test
	void theQueueSumsTheRecordsAheadAndWaitsForTheSlowestPartition() {
		this.history.add(sample(T0, new QueueReading(T0, List.of(new PartitionQueue(0, 30, 3L, 10.0),
				new PartitionQueue(1, 50, 10L, 5.0), new PartitionQueue(2, 0, 0L, null)))));

		BoardSnapshot.Queue queue = this.history.snapshot(1000).queue();

		assertThat(queue.ahead()).isEqualTo(80);
		assertThat(queue.etaSeconds()).as("an empty partition with no rate does not hide the others' ETA")
			.isEqualTo(10);
		assertThat(queue.asOf()).isEqualTo(T0);
		assertThat(queue.partitions()).extracting(PartitionQueue::partition).containsExactly(0, 1, 2);
	}

	@Test
	void noEtaWhileAPartitionWithRecordsWaitingHasNoMeasuredRate() {
		this.history.add(sample(T0,
				new QueueReading(T0, List.of(new PartitionQueue(0, 30, 3L, 10.0), new PartitionQueue(1, 5, null, null)))));

		assertThat(this.history.snapshot(1000).queue().etaSeconds()).isNull();
	}

	@Test
	void unknownNotZeroBeforeTheOffsetsWereReadOrWhileTheGroupCommittedOnNoPartition() {
		this.history.add(sample(T0, null));
		this.history.add(sample(T0.plusSeconds(1), new QueueReading(T0.plusSeconds(1), List.of())));
		this.history.add(sample(T0.plusSeconds(2), new QueueReading(T0.plusSeconds(2),
				List.of(new PartitionQueue(0, 7, null, null)))));

		BoardSnapshot.Queue queue = this.history.snapshot(1000).queue();

		assertThat(queue.aheadHistory()).containsExactly(null, null, 7L);
		this.history.add(sample(T0.plusSeconds(3), new QueueReading(T0.plusSeconds(3), List.of())));
		assertThat(this.history.snapshot(1000).queue().ahead()).isNull();
		assertThat(this.history.snapshot(1000).queue().etaSeconds()).isNull();
	}

	private static BoardSample sample(Instant at, @Nullable QueueReading queue) {
		return new BoardSample(at, new RequestCounts(0, 0, 0, 0, 0, new long[0]), null, null, List.of(), List.of(),
				0L, 0L, 0, null, queue, List.of());
	}

}
