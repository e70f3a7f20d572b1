package io.minitickets.api.payment;

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
 * {@code POST /api/bookings/{id}/payment}: the checkout of the caller's held booking (201), the same one on every ask.
 */
@RestController
class CheckoutController {

	private final Checkouts checkouts;

	CheckoutController(Checkouts checkouts) {
		this.checkouts = checkouts;
	}

	@PostMapping(path = "/api/bookings/{bookingId}/payment", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	CheckoutView checkout(@PathVariable String bookingId, @AuthenticationPrincipal Jwt jwt) {
		return this.checkouts.checkout(parse(bookingId), CurrentUser.id(jwt));
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
