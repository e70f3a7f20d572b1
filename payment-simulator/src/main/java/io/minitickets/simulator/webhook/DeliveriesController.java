package io.minitickets.simulator.webhook;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The control API's view of what was sent: {@code GET /sim/deliveries[?bookingId=…]}, oldest first, each with its
 * attempts and last status.
 */
@RestController
class DeliveriesController {

	private final Deliveries deliveries;

	DeliveriesController(Deliveries deliveries) {
		this.deliveries = deliveries;
	}

	@GetMapping("/sim/deliveries")
	List<Delivery> list(@RequestParam(required = false) @Nullable String bookingId) {
		return this.deliveries.list(bookingId);
	}

}
