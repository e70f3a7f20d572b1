package io.minitickets.api.booking;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.github.benmanes.caffeine.cache.Ticker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.settlement.SettledChange;
import io.minitickets.core.messaging.BookingStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17, the stream left PENDING: after {@code bookings.settled} announces a change, the stream reads the booking
 * again; when that read fails or still answers an older status (the status cache lags the record), it is retried after
 * a short backoff and then Postgres is read directly, and nothing older than what was sent is ever sent.
 */
class AnnouncedChangeTests {

	private static final UUID BOOKING = UUID.randomUUID();

	private static final long USER = 7;

	private final LaggingReader reader = new LaggingReader();

	private final BookingStreams streams = new BookingStreams(this.reader, null,
			new BookingStreamProperties(10, Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1),
					Duration.ofSeconds(1), Duration.ofMinutes(1), 3, Duration.ofMillis(5)),
			JsonMapper.builder().build(), new SimpleMeterRegistry());

	private final RecordingSink sink = new RecordingSink();

	private final BookingStream stream = new BookingStream(BOOKING, USER, null, JsonMapper.builder().build(), null);

	@BeforeEach
	void attach() {
		this.stream.slot().attach(this.sink);
	}

	@AfterEach
	void stop() {
		this.streams.destroy();
	}

	@Test
	void aReadThatStillAnswersPendingIsRetriedThenPostgresIsAsked() {
		this.streams.follow(this.stream);
		this.stream.offer(booking(BookingStatus.PENDING));
		this.reader.changed.add(booking(BookingStatus.PENDING));
		this.reader.recorded = booking(BookingStatus.CONFIRMED);

		this.streams.changed(new SettledChange(BOOKING, BookingStatus.CONFIRMED));

		await().atMost(Duration.ofSeconds(10)).until(() -> this.sink.completed);
		assertThat(this.sink.sent).containsExactly("0:-", "3:-");
		assertThat(this.reader.changedReads.get()).as("the status read retried before Postgres").isGreaterThan(1);
	}

	@Test
	void aReadThatFailsIsRetriedUntilItShowsTheAnnouncedStatus() {
		this.streams.follow(this.stream);
		this.stream.offer(booking(BookingStatus.PENDING));
		this.reader.changed.add(null);
		this.reader.changed.add(booking(BookingStatus.CONFIRMED));

		this.streams.changed(new SettledChange(BOOKING, BookingStatus.CONFIRMED));

		await().atMost(Duration.ofSeconds(10)).until(() -> this.sink.completed);
		assertThat(this.sink.sent).containsExactly("0:-", "3:-");
		assertThat(this.reader.recordedReads.get()).as("no need for Postgres").isZero();
	}

	@Test
	void nothingOlderThanWhatWasSentIsSent() {
		this.streams.follow(this.stream);
		this.stream.offer(booking(BookingStatus.HELD));
		this.reader.changed.add(booking(BookingStatus.PENDING));
		this.reader.recorded = booking(BookingStatus.PENDING);

		this.streams.changed(new SettledChange(BOOKING, BookingStatus.CONFIRMED));

		await("Postgres asked again while it does not show the change").atMost(Duration.ofSeconds(10))
			.until(() -> this.reader.recordedReads.get() > 1);
		assertThat(this.sink.sent).as("HELD only, never back to PENDING").hasSize(1).doesNotContain("0:-");
	}

	private static BookingView booking(BookingStatus status) {
		return new BookingView(BOOKING, 1, 1, status, null, null, null, null, null, null);
	}

	/**
	 * Answers {@link #readChanged} from a script (null: fails as when Valkey and Postgres cannot answer; the last
	 * entry repeats) and {@link #readRecorded} with {@link #recorded}.
	 */
	private static final class LaggingReader extends BookingStatusReader {

		private final List<BookingView> changed = new CopyOnWriteArrayList<>();

		private final AtomicInteger changedReads = new AtomicInteger();

		private final AtomicInteger recordedReads = new AtomicInteger();

		private volatile BookingView recorded;

		LaggingReader() {
			super(null, null, null, null, Duration.ofSeconds(1), Ticker.systemTicker());
		}

		@Override
		BookingView readChanged(UUID bookingId, long userId) {
			int read = this.changedReads.getAndIncrement();
			BookingView view = this.changed.get(Math.min(read, this.changed.size() - 1));
			if (view == null) {
				throw Problems.unavailable("unknown right now", 1);
			}
			return view;
		}

		@Override
		Optional<BookingView> readRecorded(UUID bookingId, long userId) {
			this.recordedReads.incrementAndGet();
			return Optional.ofNullable(this.recorded);
		}

	}

}
