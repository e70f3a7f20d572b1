package io.minitickets.api.booking;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.queue.QueuePosition;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.api.settlement.SettledChange;
import io.minitickets.api.settlement.SettlementFeed;
import io.minitickets.api.settlement.SettlementWaiters;
import io.minitickets.api.stream.StreamRoute;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.QueuePlace;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The open status streams of this instance ({@code GET /api/bookings/{id}/events}): a status event when
 * {@link SettlementFeed} announces a change of the booking (read again from the status cache, or Postgres when the
 * cache lags), a PENDING booking's queue position at most once per {@link BookingStreamProperties#positionPeriod()}
 * when it went down (in memory, {@link QueuePositions}). The position tick visits only the streams of a partition
 * whose committed offset advanced since the tick before, and those it has not settled yet (just opened, or still
 * above the reading after a visit: Valkey could not record the smaller position); while the worker group commits
 * nothing, an open stream costs the tick no work at all (docs/BENCHMARKS.md, "Idle streams"). A heartbeat comment
 * when nothing was written for {@link BookingStreamProperties#heartbeat()}. Opening a stream reads the booking once
 * (its status and its record's place from one read of the status cache), after the stream joins those told of
 * changes. A stream closes after a final status. An announced change that the status read does not show yet (it
 * fails, or the status cache lags the record) is read again after {@link BookingStreamProperties#changeBackoff()},
 * doubling, {@link BookingStreamProperties#changeRetries()} times, then
 * from Postgres alone, still doubling up to one heartbeat period apart, until it shows or the stream closes. At most
 * {@link BookingStreamProperties#max()} are open at once, counted in the gauge {@code minitickets.booking.streams}.
 */
@Component
class BookingStreams implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(BookingStreams.class);

	private final BookingStatusReader statuses;

	private final QueuePositions positions;

	private final BookingStreamProperties properties;

	private final JsonMapper json;

	private final Map<UUID, Set<BookingStream>> open = new ConcurrentHashMap<>();

	/** The open streams with a queue place, by its partition: what a tick visits when that partition moved. */
	private final Map<Integer, Set<BookingStream>> byPartition = new ConcurrentHashMap<>();

	/** Streams the next tick visits whether or not their partition moved: opened since, or left above the reading. */
	private final Set<BookingStream> unsettled = ConcurrentHashMap.newKeySet();

	/** The committed offset of each partition at the last tick (the tick thread's own). */
	private final Map<Integer, Long> visited = new HashMap<>();

	private final AtomicInteger count = new AtomicInteger();

	/** Reads announced changes: a virtual thread each (writes never block: {@link io.minitickets.api.stream.EventSlot}). */
	private final ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();

	private final ScheduledExecutorService ticks = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("booking-streams").daemon().factory());

	@Autowired
	BookingStreams(BookingStatusReader statuses, QueuePositions positions, BookingStreamProperties properties,
			JsonMapper json, SettlementFeed feed, MeterRegistry registry) {
		this(statuses, positions, properties, json, registry);
		feed.subscribe(new SettlementWaiters() {

			@Override
			public boolean waitsFor(UUID bookingId) {
				return BookingStreams.this.open.containsKey(bookingId);
			}

			@Override
			public void changed(SettledChange change) {
				BookingStreams.this.changed(change);
			}

		});
	}

	/**
	 * Streams that learn of changes only through {@link #changed}.
	 * @param statuses reads the booking
	 * @param positions the queue positions of PENDING bookings
	 * @param properties the streams' settings
	 * @param json encodes the events' data
	 * @param registry where the gauge goes
	 */
	BookingStreams(BookingStatusReader statuses, QueuePositions positions, BookingStreamProperties properties,
			JsonMapper json, MeterRegistry registry) {
		this.statuses = statuses;
		this.positions = positions;
		this.properties = properties;
		this.json = json;
		Gauge.builder("minitickets.booking.streams", this.count, AtomicInteger::get)
			.description("Open status streams (Server-Sent Events)")
			.register(registry);
		this.ticks.scheduleAtFixedRate(everyPeriod("queue positions", this::positions),
				properties.positionPeriod().toMillis(), properties.positionPeriod().toMillis(), TimeUnit.MILLISECONDS);
		this.ticks.scheduleAtFixedRate(everyPeriod("heartbeats", this::heartbeats), properties.heartbeat().toMillis(),
				properties.heartbeat().toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Opens a stream of a booking for its owner and sends what the client does not have yet.
	 * @param bookingId the booking
	 * @param userId the caller
	 * @param lastEventId the {@code Last-Event-ID} header, or null; one that is not ours starts afresh
	 * @return the stream, its first event (unless the client has it) waiting in its slot, and what frees it
	 * @throws ApiException 404 when the booking is not the caller's or does not exist; 503 when
	 * {@link BookingStreamProperties#max()} streams are open, or as {@link BookingStatusReader#read}
	 */
	StreamRoute.Opened open(UUID bookingId, long userId, @Nullable String lastEventId) {
		if (this.count.incrementAndGet() > this.properties.max()) {
			this.count.decrementAndGet();
			throw Problems.unavailable("Too many status streams are open on this instance; poll again shortly.",
					this.properties.retryAfter().toSeconds());
		}
		BookingStream stream = new BookingStream(bookingId, userId, null, this.json, StreamEventId.parse(lastEventId));
		follow(stream);
		try {
			// read once joined: a change announced from here on reaches the stream, one before it is in the read; the
			// record's place comes with the status, from one read of the status cache
			BookingStatusReader.Opening opening = this.statuses.opening(bookingId, userId);
			QueuePlace place = opening.place();
			if (place != null) {
				stream.placed(place);
				followPlace(stream, place);
			}
			stream.offer(withPosition(stream, opening.booking()));
		}
		catch (RuntimeException ex) {
			close(stream);
			throw ex;
		}
		return new StreamRoute.Opened(stream.slot(), () -> close(stream));
	}

	/**
	 * Adds a stream to those told of its booking's changes.
	 * @param stream the stream
	 */
	void follow(BookingStream stream) {
		this.open.compute(stream.bookingId(), (id, streams) -> add(streams, stream));
		QueuePlace place = stream.place();
		if (place != null) {
			followPlace(stream, place);
		}
	}

	/** Adds a stream to those the position tick visits when its record's partition moves (and to the next tick's). */
	private void followPlace(BookingStream stream, QueuePlace place) {
		this.byPartition.compute(place.partition(), (partition, streams) -> add(streams, stream));
		this.unsettled.add(stream);
	}

	private static Set<BookingStream> add(@Nullable Set<BookingStream> streams, BookingStream stream) {
		Set<BookingStream> added = (streams != null) ? streams : ConcurrentHashMap.newKeySet();
		added.add(stream);
		return added;
	}

	/**
	 * Reads the booking of each of its streams again, on a virtual thread each, until the read shows the announced
	 * status (or a later one).
	 * @param change the announced change
	 */
	void changed(SettledChange change) {
		Set<BookingStream> streams = this.open.get(change.bookingId());
		if (streams == null) {
			return;
		}
		for (BookingStream stream : streams) {
			this.readers.execute(() -> catchUp(stream, change.status(), 0));
		}
	}

	/**
	 * One read of an announced change: the status read while {@code attempt} is below
	 * {@link BookingStreamProperties#changeRetries()}, then Postgres alone. A read behind the announced status is
	 * offered all the same (the stream sends nothing older than it sent) and another attempt is scheduled while the
	 * stream is open.
	 */
	private void catchUp(BookingStream stream, BookingStatus announced, int attempt) {
		int retries = this.properties.changeRetries();
		BookingView now = null;
		try {
			now = (attempt < retries) ? this.statuses.readChanged(stream.bookingId(), stream.userId())
					: this.statuses.readRecorded(stream.bookingId(), stream.userId()).orElse(null);
		}
		catch (RuntimeException ex) {
			// unknown right now (ApiException: Valkey and Postgres both failing; or Postgres alone): try again
		}
		if (now != null) {
			stream.offer(withPosition(stream, now));
			if (now.status().rank() >= announced.rank()) {
				return;
			}
		}
		Set<BookingStream> streams = this.open.get(stream.bookingId());
		if (streams == null || !streams.contains(stream)) {
			return;
		}
		// doubling from changeBackoff, at most one heartbeat period apart: a Postgres that cannot answer is asked again
		// until it does, or the stream closes
		long backoff = Math.min(this.properties.changeBackoff().toMillis() << Math.min(attempt, 20),
				this.properties.heartbeat().toMillis());
		try {
			this.ticks.schedule(() -> this.readers.execute(() -> catchUp(stream, announced, attempt + 1)), backoff,
					TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// shutting down
		}
	}

	/**
	 * One position tick: the streams of each partition whose committed offset advanced since the last tick (or
	 * appeared), then the unsettled ones. Nothing moved and nothing unsettled: no stream is visited.
	 */
	void positions() {
		this.positions.committed().forEach((partition, committed) -> {
			Long before = this.visited.put(partition, committed);
			Set<BookingStream> streams = this.byPartition.get(partition);
			if (streams != null && (before == null || committed > before)) {
				for (BookingStream stream : streams) {
					if (visit(stream)) {
						this.unsettled.add(stream);
					}
				}
			}
		});
		for (BookingStream stream : this.unsettled) {
			if (!isOpen(stream) || !visit(stream)) {
				this.unsettled.remove(stream);
			}
		}
	}

	/**
	 * Sends a PENDING booking's position if it went down.
	 * @return true when the stream needs another visit even if its partition does not move: not offered its first
	 * event yet (the open's read may come from a reading older than this tick's), or still above the reading after
	 * the offer (Valkey could not record the smaller position)
	 */
	private boolean visit(BookingStream stream) {
		BookingView latest = stream.latest();
		QueuePlace place = stream.place();
		if (latest == null) {
			return true;
		}
		if (latest.status() != BookingStatus.PENDING || place == null) {
			return false;
		}
		QueuePosition queue = latest.queue();
		if (queue != null && !this.positions.movedBelow(place, queue.ahead())) {
			return false; // nothing moved for it: no position built, nothing to write
		}
		stream.offer(withPosition(stream, latest));
		BookingView now = stream.latest();
		QueuePosition sent = (now != null) ? now.queue() : null;
		return now != null && now.status() == BookingStatus.PENDING && sent != null
				&& this.positions.movedBelow(place, sent.ahead());
	}

	private boolean isOpen(BookingStream stream) {
		QueuePlace place = stream.place();
		Set<BookingStream> streams = (place != null) ? this.byPartition.get(place.partition()) : null;
		return streams != null && streams.contains(stream);
	}

	private BookingView withPosition(BookingStream stream, BookingView booking) {
		QueuePlace place = stream.place();
		if (place == null || booking.status() != BookingStatus.PENDING) {
			return booking;
		}
		QueuePosition position = this.positions.of(stream.bookingId(), place);
		return (position != null) ? booking.withQueue(position) : booking;
	}

	/**
	 * A periodic task that outlives its failures: a scheduled executor runs a task that threw never again, which would
	 * silently stop every stream's positions or heartbeats on this instance.
	 */
	private static Runnable everyPeriod(String what, Runnable task) {
		return () -> {
			try {
				task.run();
			}
			catch (RuntimeException ex) {
				logger.warn("Status streams' {} failed; tried again next period", what, ex);
			}
		};
	}

	private void heartbeats() {
		long writtenSince = System.nanoTime() - this.properties.heartbeat().toNanos();
		this.open.values().forEach((streams) -> streams.forEach((stream) -> stream.heartbeat(writtenSince)));
	}

	private void close(BookingStream stream) {
		boolean[] removed = { false };
		this.open.computeIfPresent(stream.bookingId(), (id, streams) -> {
			removed[0] = streams.remove(stream);
			return streams.isEmpty() ? null : streams;
		});
		if (removed[0]) {
			this.count.decrementAndGet();
		}
		QueuePlace place = stream.place();
		if (place != null) {
			this.byPartition.computeIfPresent(place.partition(), (partition, streams) -> {
				streams.remove(stream);
				return streams.isEmpty() ? null : streams;
			});
			this.unsettled.remove(stream);
		}

	}

	@Override
	public void destroy() {
		this.ticks.shutdownNow();
		this.readers.shutdownNow();
	}

}
