package io.minitickets.api.waitingroom;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code minitickets_waiting_room_waiting} (gauge: places waiting in the rooms this instance admits for, as of its
 * last admission call), {@code minitickets_waiting_room_admitted_total} (places this instance admitted),
 * {@code minitickets_waiting_room_dropped_total} (places this instance dropped as abandoned) and
 * {@code minitickets_waiting_room_paused} (gauge: rooms this instance admits for whose last admission call was halted
 * by an operator's pause or by the gate saying sold out) and {@code minitickets_waiting_room_auto_rate} (gauge:
 * places a second the rooms in {@code auto} admission this instance admits for were last given, summed).
 */
@Component
class WaitingRoomMeters {

	private final Map<Long, Long> waiting = new ConcurrentHashMap<>();

	private final Map<Long, Boolean> paused = new ConcurrentHashMap<>();

	private final Map<Long, Integer> autoRate = new ConcurrentHashMap<>();

	private final Counter admitted;

	private final Counter dropped;

	WaitingRoomMeters(MeterRegistry registry) {
		Gauge.builder("minitickets.waiting.room.waiting", this.waiting,
				(byEvent) -> byEvent.values().stream().mapToLong(Long::longValue).sum())
			.description("Places waiting in the waiting rooms this instance admits for")
			.register(registry);
		this.admitted = Counter.builder("minitickets.waiting.room.admitted")
			.description("Waiting-room places this instance admitted")
			.register(registry);
		this.dropped = Counter.builder("minitickets.waiting.room.dropped")
			.description("Waiting-room places this instance dropped as abandoned")
			.register(registry);
		Gauge.builder("minitickets.waiting.room.paused", this.paused,
				(byEvent) -> byEvent.values().stream().filter(Boolean::booleanValue).count())
			.description("Waiting rooms this instance admits for that are paused (by an operator, or sold out)")
			.register(registry);
		Gauge.builder("minitickets.waiting.room.auto.rate", this.autoRate,
				(byEvent) -> byEvent.values().stream().mapToLong(Integer::longValue).sum())
			.description("Places a second the waiting rooms in auto admission this instance admits for were last given")
			.register(registry);
	}

	void autoRate(long eventId, int perSecond) {
		this.autoRate.put(eventId, perSecond);
	}

	void admitted(long eventId, int places, long stillWaiting, long droppedPlaces, boolean halted) {
		this.admitted.increment(places);
		this.dropped.increment(droppedPlaces);
		this.waiting.put(eventId, stillWaiting);
		this.paused.put(eventId, halted);
	}

	void notAdmitting(long eventId) {
		this.waiting.remove(eventId);
		this.paused.remove(eventId);
		this.autoRate.remove(eventId);
	}

}
