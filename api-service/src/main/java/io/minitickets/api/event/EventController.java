package io.minitickets.api.event;

import java.util.List;
import java.util.OptionalLong;

import io.minitickets.api.problem.Problems;
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
 * {@code GET /api/events} and {@code GET /api/events/{id}}: public reads with seats left.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class EventController {

	private final EventRepository events;

	private final InventoryGate gate;

	EventController(EventRepository events, InventoryGate gate) {
		this.events = events;
		this.gate = gate;
	}

	@GetMapping("/api/events")
	List<EventView> list(@RequestParam(defaultValue = "0") @Min(0) int page,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int size) {
		return this.events.list(size, (long) page * size)
			.stream()
			.map((event) -> EventView.of(event, gateAvailable(event.id())))
			.toList();
	}

	@GetMapping("/api/events/{id}")
	EventView get(@PathVariable long id) {
		Event event = this.events.find(id).orElseThrow(() -> Problems.notFound("No event " + id + "."));
		return EventView.of(event, gateAvailable(id));
	}

	private @Nullable Long gateAvailable(long eventId) {
		try {
			OptionalLong available = this.gate.available(eventId);
			return available.isPresent() ? available.getAsLong() : null;
		}
		catch (ValkeyUnavailableException ex) {
			return null;
		}
	}

}
