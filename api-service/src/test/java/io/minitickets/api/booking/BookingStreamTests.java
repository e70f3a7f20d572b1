package io.minitickets.api.booking;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.minitickets.api.queue.QueuePosition;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.QueuePlace;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;

class BookingStreamTests {

	private static final UUID BOOKING = UUID.randomUUID();

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final RecordingSink sink = new RecordingSink();

	@Test
	void aClientThatDoesNotReadHoldsOneUnwrittenEventNotAQueue() {
		BookingStream stream = open(null, null);
		long beforeBlocked = System.nanoTime();
		this.sink.ready = false;

		for (int ahead = 10_000; ahead > 0; ahead--) {
			stream.offer(pending(ahead));
			stream.heartbeat(beforeBlocked);
		}

		assertThat(this.sink.sent).as("nothing written while the client does not read").isEmpty();
		this.sink.ready = true;
		stream.slot().writable();
		assertThat(this.sink.sent).as("only the latest position: the others were replaced unwritten")
			.containsExactly("0:1");
	}

	@Test
	void aClientThatTakesNothingForAHeartbeatPeriodIsDroppedWithAClose() {
		BookingStream stream = open(null, null);
		long beforeBlocked = System.nanoTime();
		this.sink.ready = false;
		stream.offer(pending(3));

		stream.heartbeat(beforeBlocked);
		assertThat(this.sink.completed).as("not blocked for a whole period yet").isFalse();

		stream.heartbeat(System.nanoTime() + 1);
		assertThat(this.sink.completed).as("blocked since before the period: closed").isTrue();
		assertThat(this.sink.sent).isEmpty();
	}

	@Test
	void onlyAStreamWithNothingWrittenSinceGetsAHeartbeat() {
		long before = System.nanoTime();
		BookingStream stream = open(null, null);

		stream.heartbeat(before);
		assertThat(this.sink.heartbeats).as("created after: as good as written").isZero();

		stream.heartbeat(System.nanoTime() + 1_000_000_000L);
		assertThat(this.sink.heartbeats).as("nothing written since").isOne();

		long afterHeartbeat = System.nanoTime();
		stream.offer(pending(3));
		stream.heartbeat(afterHeartbeat);
		assertThat(this.sink.heartbeats).as("an event was written since").isOne();
		assertThat(this.sink.sent).containsExactly("0:3");
	}

	@Test
	void aFinalStatusIsWrittenThenTheStreamCloses() {
		BookingStream stream = open(null, null);

		stream.offer(pending(3));
		stream.offer(booking(BookingStatus.CONFIRMED, null));

		assertThat(this.sink.sent).containsExactly("0:3", "3:-");
		assertThat(this.sink.completed).isTrue();
	}

	@Test
	void aFinalStatusOfferedAgainBeforeItIsWrittenIsStillWritten() {
		// a stream opening as its booking settles: the feed's change and the opening's second read both offer it
		BookingStream stream = open(null, null);

		stream.offer(booking(BookingStatus.CONFIRMED, null));
		stream.offer(booking(BookingStatus.CONFIRMED, null));

		assertThat(this.sink.sent).as("the final status, not only the end of the stream").containsExactly("3:-");
		assertThat(this.sink.completed).isTrue();
	}

	@Test
	void aResumeSendsNothingItHasAndNothingBehindIt() {
		BookingStream stream = open(null, StreamEventId.parse("0:5"));

		stream.offer(pending(7));
		stream.offer(pending(5));
		assertThat(this.sink.sent).as("neither a position behind it nor a repeat").isEmpty();

		stream.offer(pending(4));
		assertThat(this.sink.sent).containsExactly("0:4");
	}

	@Test
	void aResumeThatHasTheFinalStatusClosesWithoutRepeatingIt() {
		BookingStream stream = open(null, StreamEventId.parse("3:-"));

		stream.offer(booking(BookingStatus.CONFIRMED, null));

		assertThat(this.sink.sent).isEmpty();
		assertThat(this.sink.completed).isTrue();
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
				JSON, new SimpleMeterRegistry());
		try {
			BookingStream stream = open(new QueuePlace(0, 5, null), null);
			stream.offer(pending(3));
			streams.follow(stream);

			await().atMost(Duration.ofSeconds(10)).until(() -> this.sink.sent.contains("0:2"));
		}
		finally {
			streams.destroy();
		}
	}

	@Test
	void aPositionTickVisitsNoStreamWhileNoPartitionsCommittedOffsetMoved() {
		// idle streams (the worker commits nothing) must cost the once-a-second tick nothing: docs/BENCHMARKS.md
		QueuePositions positions = mock(QueuePositions.class);
		given(positions.committed()).willReturn(Map.of(0, 1L));
		given(positions.movedBelow(any(), anyLong())).willReturn(false);
		BookingStreams streams = new BookingStreams(null, positions,
				new BookingStreamProperties(10, Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1),
						Duration.ofSeconds(1), Duration.ofMinutes(1), 3, Duration.ofMillis(5)),
				JSON, new SimpleMeterRegistry());
		try {
			BookingStream stream = open(new QueuePlace(0, 5, null), null);
			stream.offer(pending(4));
			streams.follow(stream);
			streams.positions(); // just opened, and partition 0 seen for the first time: visited
			clearInvocations(positions);

			streams.positions();
			streams.positions();
			verify(positions, never()).movedBelow(any(), anyLong());
			verify(positions, never()).of(any(), any());

			given(positions.committed()).willReturn(Map.of(0, 2L, 1, 7L));
			given(positions.movedBelow(any(), anyLong())).willReturn(true, false);
			given(positions.of(any(), any())).willReturn(new QueuePosition(3, null, Instant.now()));
			streams.positions();
			assertThat(this.sink.sent).as("its partition's committed offset advanced: visited, position sent")
				.containsExactly("0:4", "0:3");
		}
		finally {
			streams.destroy();
		}
	}

	@Test
	void aPositionTheTickCouldNotLowerIsVisitedAgainWithoutAMove() {
		// the smaller position could not be recorded (Valkey): the answer stays above the reading until it can be
		QueuePositions positions = mock(QueuePositions.class);
		given(positions.committed()).willReturn(Map.of(0, 1L));
		given(positions.movedBelow(any(), anyLong())).willReturn(true);
		QueuePosition unrecorded = new QueuePosition(4, null, Instant.now());
		given(positions.of(any(), any())).willReturn(unrecorded, unrecorded, unrecorded,
				new QueuePosition(2, null, Instant.now()));
		BookingStreams streams = new BookingStreams(null, positions,
				new BookingStreamProperties(10, Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1),
						Duration.ofSeconds(1), Duration.ofMinutes(1), 3, Duration.ofMillis(5)),
				JSON, new SimpleMeterRegistry());
		try {
			BookingStream stream = open(new QueuePlace(0, 5, null), null);
			stream.offer(pending(5));
			streams.follow(stream);
			streams.positions();
			assertThat(this.sink.sent).containsExactly("0:5", "0:4");

			streams.positions(); // nothing committed since: visited because it is still above the reading
			streams.positions();
			assertThat(this.sink.sent).containsExactly("0:5", "0:4", "0:2");
		}
		finally {
			streams.destroy();
		}
	}

	@Test
	void openingAStreamReadsTheBookingOnceForItsStatusAndItsRecordsPlace() {
		// one status-cache read per open, where the place and the status took one each: docs/BENCHMARKS.md
		BookingStatusReader statuses = mock(BookingStatusReader.class);
		QueuePositions positions = mock(QueuePositions.class);
		given(statuses.opening(BOOKING, 1))
			.willReturn(new BookingStatusReader.Opening(pending(4), new QueuePlace(0, 5, null)));
		given(positions.of(any(), any())).willReturn(new QueuePosition(4, null, Instant.now()));
		BookingStreams streams = new BookingStreams(statuses, positions,
				new BookingStreamProperties(10, Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1),
						Duration.ofSeconds(1), Duration.ofMinutes(1), 3, Duration.ofMillis(5)),
				JSON, new SimpleMeterRegistry());
		try {
			streams.open(BOOKING, 1, null).slot().attach(this.sink);
			assertThat(this.sink.sent).containsExactly("0:4");
			verify(statuses).opening(BOOKING, 1);
			verifyNoMoreInteractions(statuses);

			// the place came with that read: the tick visits the stream when its record's partition moves
			given(positions.committed()).willReturn(Map.of(0, 2L));
			given(positions.movedBelow(any(), anyLong())).willReturn(true, false);
			given(positions.of(any(), any())).willReturn(new QueuePosition(3, null, Instant.now()));
			streams.positions();
			assertThat(this.sink.sent).containsExactly("0:4", "0:3");
		}
		finally {
			streams.destroy();
		}
	}

	private BookingStream open(QueuePlace place, StreamEventId resumedFrom) {
		BookingStream stream = new BookingStream(BOOKING, 1, place, JSON, resumedFrom);
		stream.slot().attach(this.sink);
		return stream;
	}

	private static BookingView pending(long ahead) {
		return booking(BookingStatus.PENDING, new QueuePosition(ahead, null, Instant.now()));
	}

	private static BookingView booking(BookingStatus status, QueuePosition queue) {
		return new BookingView(BOOKING, 1, 1, status, null, null, null, null, null, queue);
	}

}
