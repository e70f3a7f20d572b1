package io.minitickets.api.booking;

import java.net.URI;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.UUID;

import io.minitickets.api.security.CurrentUser;
import io.minitickets.api.problem.Problems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Booking requests and status polls.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class BookingController {

	private static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	private final BookingService bookings;

	private final BookingStatusReader statuses;

	private final BookingInFlightLimit inFlight;

	BookingController(BookingService bookings, BookingStatusReader statuses, BookingInFlightLimit inFlight) {
		this.bookings = bookings;
		this.statuses = statuses;
		this.inFlight = inFlight;
	}

	@PostMapping("/api/events/{eventId}/bookings")
	ResponseEntity<BookingAccepted> book(@PathVariable long eventId, @RequestBody BookingRequest request,
			HttpServletRequest servletRequest, @AuthenticationPrincipal Jwt jwt) {
		if (!this.inFlight.tryEnter()) {
			throw this.inFlight.overloaded();
		}
		try {
			BookingAccepted accepted = this.bookings.book(CurrentUser.id(jwt), eventId, request.checkedQuantity(),
					idempotencyKey(servletRequest));
			return ResponseEntity.accepted().location(URI.create(accepted.statusUrl())).body(accepted);
		}
		finally {
			this.inFlight.exit();
		}
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

	/**
	 * The Idempotency-Key, read from the header lines as sent: two lines would otherwise be joined into one key
	 * ("a,b") that neither request meant. Read from the servlet request rather than a copy of all its headers
	 * ({@code @RequestHeader HttpHeaders}), which cost every booking a map of every header (issue 8).
	 */
	private static @Nullable String idempotencyKey(HttpServletRequest request) {
		Enumeration<String> keys = request.getHeaders(IDEMPOTENCY_KEY);
		if (keys == null || !keys.hasMoreElements()) {
			return null;
		}
		String key = keys.nextElement();
		if (keys.hasMoreElements()) {
			int count = Collections.list(request.getHeaders(IDEMPOTENCY_KEY)).size();
			throw Problems.badRequest("Send one '" + IDEMPOTENCY_KEY + "' header, not " + count + ".");
		}
		return key;
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
