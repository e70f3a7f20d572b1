package io.minitickets.api.event;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

import io.minitickets.api.problem.Problems;
import io.minitickets.api.web.PathIds;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/events} and {@code GET /api/events/{id}}: public reads with seats left. One event is read from the
 * in-process {@link EventCache} (at most twice its TTL old, like the booking path's) and its gate counter from Valkey,
 * so a stampede of reads does not reach Postgres; a page of events is one Postgres query and one pipelined round trip
 * for all their gate counters.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class EventController {

	private final EventRepository events;

	private final EventCache cache;

	private final InventoryGate gate;

	EventController(EventRepository events, EventCache cache, InventoryGate gate) {
		this.events = events;
		this.cache = cache;
		this.gate = gate;
	}

	@GetMapping("/api/events")
	List<EventView> list(@RequestParam(defaultValue = "0") @Min(0) int page,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int size) {
		List<Event> found = this.events.list(size, (long) page * size);
		List<OptionalLong> counters = gateAvailable(found.stream().map(Event::id).toList());
		List<EventView> views = new ArrayList<>(found.size());
		Instant now = Instant.now();
		for (int i = 0; i < found.size(); i++) {
			views.add(EventView.of(found.get(i), boxed(counters.get(i)), now));
		}
		return views;
	}

	@GetMapping("/api/events/{id}")
	EventView get(@PathVariable("id") String idSegment) {
		long id = PathIds.parse("id", idSegment);
		Event event = this.cache.find(id).orElseThrow(() -> Problems.unknownEvent(id));
		return EventView.of(event, gateAvailable(id), Instant.now());
	}

	private @Nullable Long gateAvailable(long eventId) {
		try {
			return boxed(this.gate.available(eventId));
		}
		catch (ValkeyUnavailableException ex) {
			return null;
		}
	}

	/** The gate counters of a page of events; all unknown when Valkey cannot answer. */
	private List<OptionalLong> gateAvailable(List<Long> eventIds) {
		try {
			return this.gate.available(eventIds);
		}
		catch (ValkeyUnavailableException ex) {
			return Collections.nCopies(eventIds.size(), OptionalLong.empty());
		}
	}

	private static @Nullable Long boxed(OptionalLong counter) {
		return counter.isPresent() ? counter.getAsLong() : null;
	}

}
