package io.minitickets.api.booking;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.minitickets.api.queue.QueuePosition;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.QueuePlace;
import org.junit.jupiter.api.Test;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

class BookingStreamTests {

	private static final UUID BOOKING = UUID.randomUUID();

	private final Queue<Runnable> writers = new ArrayDeque<>();

	private final RecordingEmitter emitter = new RecordingEmitter();

	@Test
	void aClientThatDoesNotReadHoldsOneUnwrittenEventNotAQueue() {
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add, null);

		for (int ahead = 10_000; ahead > 0; ahead--) {
			stream.offer(pending(ahead));
			stream.heartbeat(System.nanoTime() + 1_000_000_000L);
		}

		assertThat(this.writers).as("one writer at a time").hasSize(1);
		runWriters();
		assertThat(this.emitter.sent).as("only the latest position: the others were replaced unwritten")
			.containsExactly("0:1");
	}

	@Test
	void onlyAStreamWithNothingWrittenSinceGetsAHeartbeat() {
		long before = System.nanoTime();
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add, null);

		stream.heartbeat(before);
		runWriters();
		assertThat(this.emitter.heartbeats).as("created after: as good as written").isZero();

		stream.heartbeat(System.nanoTime() + 1_000_000_000L);
		runWriters();
		assertThat(this.emitter.heartbeats).as("nothing written since").isOne();

		long afterHeartbeat = System.nanoTime();
		stream.offer(pending(3));
		runWriters();
		stream.heartbeat(afterHeartbeat);
		runWriters();
		assertThat(this.emitter.heartbeats).as("an event was written since").isOne();
		assertThat(this.emitter.sent).containsExactly("0:3");
	}

	@Test
	void aFinalStatusIsWrittenThenTheStreamCloses() {
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add, null);

		stream.offer(pending(3));
		runWriters();
		stream.offer(booking(BookingStatus.CONFIRMED, null));
		runWriters();

		assertThat(this.emitter.sent).containsExactly("0:3", "3:-");
		assertThat(this.emitter.completed).isTrue();
	}

	@Test
	void aFinalStatusOfferedAgainBeforeItIsWrittenIsStillWritten() {
		// a stream opening as its booking settles: the feed's change and the opening's second read both offer it
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add, null);

		stream.offer(booking(BookingStatus.CONFIRMED, null));
		stream.offer(booking(BookingStatus.CONFIRMED, null));
		runWriters();

		assertThat(this.emitter.sent).as("the final status, not only the end of the stream").containsExactly("3:-");
		assertThat(this.emitter.completed).isTrue();
	}

	@Test
	void aResumeSendsNothingItHasAndNothingBehindIt() {
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add,
				StreamEventId.parse("0:5"));

		stream.offer(pending(7));
		stream.offer(pending(5));
		runWriters();
		assertThat(this.emitter.sent).as("neither a position behind it nor a repeat").isEmpty();

		stream.offer(pending(4));
		runWriters();
		assertThat(this.emitter.sent).containsExactly("0:4");
	}

	@Test
	void aResumeThatHasTheFinalStatusClosesWithoutRepeatingIt() {
		BookingStream stream = new BookingStream(BOOKING, 1, null, this.emitter, this.writers::add,
				StreamEventId.parse("3:-"));

		stream.offer(booking(BookingStatus.CONFIRMED, null));
		runWriters();

		assertThat(this.emitter.sent).isEmpty();
		assertThat(this.emitter.completed).isTrue();
	}

	@Test
	void lastEventIdsThatAreNotOursStartAfresh() {
		assertThat(StreamEventId.parse("3:-")).isEqualTo(new StreamEventId(3, null));
		assertThat(StreamEventId.parse("0:1840")).isEqualTo(new StreamEventId(0, 1840L));
		String[] garbage = { "", ":", "3", "x:1", "3:-1", "3:1:2", "999:1", "0:99999999999999999999" };
		for (String id : garbage) {
			assertThat(StreamEventId.parse(id)).as(id).isNull();
		}
	}

	@Test
	void aPositionTickThatFailsDoesNotStopTheNextOnes() {
		QueuePositions positions = mock(QueuePositions.class);
		given(positions.movedBelow(any(), anyLong())).willThrow(new IllegalStateException("a stray failure"))
			.willReturn(true);
		given(positions.of(any(), any())).willReturn(new QueuePosition(2, null, Instant.now()));
		BookingStreams streams = new BookingStreams(null, positions,
				new BookingStreamProperties(10, Duration.ofHours(1), Duration.ofMillis(20), Duration.ofHours(1),
						Duration.ofSeconds(1), Duration.ofMinutes(1), 3, Duration.ofMillis(5)),
				new SimpleMeterRegistry());
		try {
			BookingStream stream = new BookingStream(BOOKING, 1, new QueuePlace(0, 5, null), this.emitter,
					Runnable::run, null);
			stream.offer(pending(3));
			streams.follow(stream);

			await().atMost(Duration.ofSeconds(10)).until(() -> this.emitter.sent.contains("0:2"));
		}
		finally {
			streams.destroy();
		}
	}

	private void runWriters() {
		Runnable writer;
		while ((writer = this.writers.poll()) != null) {
			writer.run();
		}
	}

	private static BookingView pending(long ahead) {
		return booking(BookingStatus.PENDING, new QueuePosition(ahead, null, Instant.now()));
	}

	private static BookingView booking(BookingStatus status, QueuePosition queue) {
		return new BookingView(BOOKING, 1, 1, status, null, null, null, null, null, queue);
	}

	/**
	 * Records the ids of the events written, instead of writing them to a response.
	 */
	private static final class RecordingEmitter extends SseEmitter {

		private final List<String> sent = new CopyOnWriteArrayList<>();

		private boolean completed;

		private int heartbeats;

		@Override
		public void send(Set<DataWithMediaType> items) {
			assertThat(items.stream().map((item) -> String.valueOf(item.getData())).reduce("", String::concat))
				.startsWith(":heartbeat\n");
			this.heartbeats++;
		}

		@Override
		public void send(SseEventBuilder builder) {
			builder.build()
				.stream()
				.map((part) -> String.valueOf(part.getData()))
				.filter((text) -> text.startsWith("id:"))
				.forEach((text) -> this.sent.add(text.substring(3, text.indexOf('\n'))));
		}

		@Override
		public void complete() {
			this.completed = true;
		}

	}

}
