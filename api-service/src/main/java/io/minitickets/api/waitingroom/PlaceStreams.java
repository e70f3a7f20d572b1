package io.minitickets.api.waitingroom;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.booking.BookingStreamProperties;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.stream.StreamRoute;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The open streams of waiting-room places on this instance ({@code GET /api/events/{id}/queue/{placeId}/events}):
 * each place is read again once per {@link BookingStreamProperties#positionPeriod()} (1 s; one Valkey script call,
 * which also marks it seen, so that an owner holding a stream is never dropped as gone) and sent when it changed
 * ({@link PlaceStream}); a heartbeat comment when nothing was written for {@link BookingStreamProperties#heartbeat()};
 * closed after a final place. The booking streams' settings ({@code minitickets.booking.stream.*}) apply, their
 * {@code max} counted apart, in the gauge {@code minitickets.waiting.room.streams}.
 */
@Component
class PlaceStreams implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(PlaceStreams.class);

	private final WaitingRooms rooms;

	private final BookingStreamProperties properties;

	private final JsonMapper json;

	private final Set<PlaceStream> open = ConcurrentHashMap.newKeySet();

	private final AtomicInteger count = new AtomicInteger();

	/** Reads places: a virtual thread each (writes never block: {@link io.minitickets.api.stream.EventSlot}). */
	private final ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();

	private final ScheduledExecutorService ticks = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("place-streams").daemon().factory());

	PlaceStreams(WaitingRooms rooms, BookingStreamProperties properties, JsonMapper json, MeterRegistry registry) {
		this.rooms = rooms;
		this.properties = properties;
		this.json = json;
		Gauge.builder("minitickets.waiting.room.streams", this.count, AtomicInteger::get)
			.description("Open streams of waiting-room places (Server-Sent Events)")
			.register(registry);
		long period = properties.positionPeriod().toMillis();
		this.ticks.scheduleAtFixedRate(everyPeriod("reads", this::readAll), period, period, TimeUnit.MILLISECONDS);
		long heartbeat = properties.heartbeat().toMillis();
		this.ticks.scheduleAtFixedRate(everyPeriod("heartbeats", this::heartbeats), heartbeat, heartbeat,
				TimeUnit.MILLISECONDS);
	}

	/**
	 * Opens a place's stream for its owner and sends the place unless the client has it already.
	 * @param eventId the event
	 * @param placeId the place, as the path gives it
	 * @param userId the caller
	 * @param lastEventId the {@code Last-Event-ID} header, or null
	 * @return the stream, its first event (unless the client has it) waiting in its slot, and what frees it
	 * @throws ApiException as {@link WaitingRooms#place} (404 not the caller's place...); 503 when
	 * {@link BookingStreamProperties#max()} place streams are open
	 */
	StreamRoute.Opened open(long eventId, String placeId, long userId, @Nullable String lastEventId) {
		if (this.count.incrementAndGet() > this.properties.max()) {
			this.count.decrementAndGet();
			throw Problems.unavailable("Too many place streams are open on this instance; poll the place instead.",
					this.properties.retryAfter().toSeconds());
		}
		PlaceStream stream;
		PlaceView first;
		try {
			first = this.rooms.place(eventId, placeId, userId, 0);
			stream = new PlaceStream(eventId, first.placeId(), userId, this.json, lastEventId);
		}
		catch (RuntimeException ex) {
			this.count.decrementAndGet();
			throw ex;
		}
		this.open.add(stream);
		stream.offer(first);
		return new StreamRoute.Opened(stream.slot(), () -> close(stream));
	}

	private void readAll() {
		for (PlaceStream stream : this.open) {
			if (stream.startReading()) {
				try {
					this.readers.execute(() -> read(stream));
				}
				catch (RejectedExecutionException ex) {
					return; // shutting down
				}
			}
		}
	}

	private void read(PlaceStream stream) {
		try {
			stream.offer(this.rooms.place(stream.eventId(), stream.placeId().toString(), stream.userId(), 0));
		}
		catch (ApiException ex) {
			if (ex.getStatus() == HttpStatus.NOT_FOUND) {
				// the room or the place is gone: nothing will change any more
				stream.slot().closeAfterWaiting();
			}
			// else Valkey cannot answer right now: read again next period
		}
		finally {
			stream.readDone();
		}
	}

	private void heartbeats() {
		long writtenSince = System.nanoTime() - this.properties.heartbeat().toNanos();
		this.open.forEach((stream) -> stream.slot().heartbeat(writtenSince));
	}

	private void close(PlaceStream stream) {
		if (this.open.remove(stream)) {
			this.count.decrementAndGet();
		}
	}

	/** A periodic task that outlives its failures (a scheduled task that threw would never run again). */
	private static Runnable everyPeriod(String what, Runnable task) {
		return () -> {
			try {
				task.run();
			}
			catch (RuntimeException ex) {
				logger.warn("Place streams' {} failed; tried again next period", what, ex);
			}
		};
	}

	@Override
	public void destroy() {
		this.ticks.shutdownNow();
		this.readers.shutdownNow();
	}

}
