package io.minitickets.simulator.webhook;

import java.util.List;

import io.minitickets.simulator.web.SimulatorProblems;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The control API's view of what was sent: {@code GET /sim/deliveries[?bookingId=…]}, oldest first, each with its
 * attempts and last status; {@code POST /sim/events/{id}/replay} delivers a published event once more, freshly
 * signed (202 with the new delivery; 404 problem+json for an unknown event id).
 */
@RestController
class DeliveriesController {

	private final Deliveries deliveries;

	private final WebhookDeliverer deliverer;

	DeliveriesController(Deliveries deliveries, WebhookDeliverer deliverer) {
		this.deliveries = deliveries;
		this.deliverer = deliverer;
	}

	@GetMapping("/sim/deliveries")
	List<Delivery> list(@RequestParam(required = false) @Nullable String bookingId) {
		return this.deliveries.list(bookingId);
	}

	@PostMapping("/sim/events/{eventId}/replay")
	ResponseEntity<?> replay(@PathVariable String eventId) {
		return this.deliverer.replay(eventId)
			.<ResponseEntity<?>>map((delivery) -> ResponseEntity.accepted().body(delivery))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.body(SimulatorProblems.of(HttpStatus.NOT_FOUND, "No event " + eventId + " was sent")));
	}

}
