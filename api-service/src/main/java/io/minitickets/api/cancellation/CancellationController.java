package io.minitickets.api.cancellation;

import java.util.UUID;

import io.minitickets.api.problem.Problems;
import io.minitickets.api.security.CurrentUser;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/bookings/{id}/cancellation}: the caller's request to cancel a HELD or CONFIRMED booking, recorded
 * for the worker (202); the status URL then shows CANCELLED, and a paid booking is refunded once.
 */
@RestController
class CancellationController {

	private final Cancellations cancellations;

	CancellationController(Cancellations cancellations) {
		this.cancellations = cancellations;
	}

	@PostMapping(path = "/api/bookings/{bookingId}/cancellation", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.ACCEPTED)
	CancellationView cancel(@PathVariable String bookingId, @AuthenticationPrincipal Jwt jwt) {
		return this.cancellations.cancel(parse(bookingId), CurrentUser.id(jwt));
	}

	private static UUID parse(String bookingId) {
		try {
			return UUID.fromString(bookingId);
		}
		catch (IllegalArgumentException ex) {
			throw Problems.notFound("No such booking: booking ids are UUIDs.");
		}
	}

}
