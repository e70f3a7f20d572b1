package io.minitickets.api.waitingroom;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code minitickets_waiting_room_waiting} (gauge: places waiting in the rooms this instance admits for, as of its
 * last admission call) and {@code minitickets_waiting_room_admitted_total} (places this instance admitted).
 */
@Component
class WaitingRoomMeters {

	private final Map<Long, Long> waiting = new ConcurrentHashMap<>();

	private final Counter admitted;

	WaitingRoomMeters(MeterRegistry registry) {
		Gauge.builder("minitickets.waiting.room.waiting", this.waiting,
				(byEvent) -> byEvent.values().stream().mapToLong(Long::longValue).sum())
			.description("Places waiting in the waiting rooms this instance admits for")
			.register(registry);
		this.admitted = Counter.builder("minitickets.waiting.room.admitted")
			.description("Waiting-room places this instance admitted")
			.register(registry);
	}

	void admitted(long eventId, int places, long stillWaiting) {
		this.admitted.increment(places);
		this.waiting.put(eventId, stillWaiting);
	}

	void notAdmitting(long eventId) {
		this.waiting.remove(eventId);
	}

}
