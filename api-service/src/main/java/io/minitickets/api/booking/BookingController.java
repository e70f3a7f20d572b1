package io.minitickets.api.booking;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import io.minitickets.api.system.CurrentUser;
import io.minitickets.api.system.Problems;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Booking requests and status polls.
 */
@RestController
class BookingController {

	private final BookingService bookings;

	private final BookingStatusReader statuses;

	BookingController(BookingService bookings, BookingStatusReader statuses) {
		this.bookings = bookings;
		this.statuses = statuses;
	}

	@PostMapping("/api/events/{eventId}/bookings")
	ResponseEntity<BookingAccepted> book(@PathVariable long eventId, @Valid @RequestBody BookingRequest request,
			@RequestHeader(name = "Idempotency-Key", required = false) @Nullable String idempotencyKey,
			@AuthenticationPrincipal Jwt jwt) {
		BookingAccepted accepted = this.bookings.book(CurrentUser.id(jwt), eventId, request.quantity(),
				idempotencyKey);
		return ResponseEntity.accepted().location(URI.create(accepted.statusUrl())).body(accepted);
	}

	@GetMapping("/api/bookings/{bookingId}")
	BookingView get(@PathVariable String bookingId, @AuthenticationPrincipal Jwt jwt) {
		return this.statuses.read(parse(bookingId), CurrentUser.id(jwt));
	}

	@GetMapping("/api/bookings")
	List<BookingView> listOwn(@RequestParam(defaultValue = "0") @Min(0) int page,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int size, @AuthenticationPrincipal Jwt jwt) {
		return this.statuses.listOwn(CurrentUser.id(jwt), page, size);
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
