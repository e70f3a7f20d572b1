package io.minitickets.api.booking;

import java.util.List;
import java.util.UUID;

import io.minitickets.api.problem.Problems;
import io.minitickets.api.security.CurrentUser;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Booking status polls. Booking requests are served by {@link BookingRoute}.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class BookingController {

	private final BookingStatusReader statuses;

	BookingController(BookingStatusReader statuses) {
		this.statuses = statuses;
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
