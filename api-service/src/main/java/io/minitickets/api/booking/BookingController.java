package io.minitickets.api.booking;

import java.util.List;
import java.util.UUID;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.security.CurrentUser;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Booking status polls, and long-polls with {@code Prefer: wait=N} (RFC 7240): a PENDING or HELD booking's answer waits
 * until its status moves on ({@link BookingWaits}) or N seconds pass, N capped to
 * {@link BookingWaitProperties#most()}; {@code Preference-Applied: wait=<seconds>} says what was applied. Any other
 * status is final or moves only when its owner acts, and is answered at once. Booking requests are served by
 * {@link BookingRoute}.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class BookingController {

	private static final String PREFERENCE_APPLIED = "Preference-Applied";

	private final BookingStatusReader statuses;

	private final BookingWaits waits;

	private final int mostSeconds;

	BookingController(BookingStatusReader statuses, BookingWaits waits, BookingWaitProperties waitProperties) {
		this.statuses = statuses;
		this.waits = waits;
		this.mostSeconds = (int) Math.min(Integer.MAX_VALUE, waitProperties.most().toSeconds());
	}

	@GetMapping("/api/bookings/{bookingId}")
	BookingView get(@PathVariable String bookingId, @AuthenticationPrincipal Jwt jwt) {
		return this.statuses.read(parse(bookingId), CurrentUser.id(jwt));
	}

	/**
	 * @param bookingId the booking
	 * @param prefer the {@code Prefer} headers
	 * @param jwt the caller
	 * @return the booking, at once or when it changed or the wait is over
	 * @throws ApiException 404 when it is not the caller's or does not exist; 503 when too many requests wait on this
	 * instance, or as {@link BookingStatusReader#read}
	 */
	@GetMapping(path = "/api/bookings/{bookingId}", headers = "Prefer")
	DeferredResult<ResponseEntity<BookingView>> getWaiting(@PathVariable String bookingId,
			@RequestHeader("Prefer") List<String> prefer, @AuthenticationPrincipal Jwt jwt) {
		long userId = CurrentUser.id(jwt);
		BookingView seen = this.statuses.read(parse(bookingId), userId);
		Integer seconds = PreferWait.seconds(prefer, this.mostSeconds);
		if (seconds == null || seconds == 0 || !seen.status().movesOnItsOwn()) {
			DeferredResult<ResponseEntity<BookingView>> now = new DeferredResult<>();
			now.setResult((seconds != null) ? waited(seen, seconds) : ResponseEntity.ok(seen));
			return now;
		}
		return this.waits.await(seen, userId, seconds);
	}

	/**
	 * @param booking the answer
	 * @param seconds the wait applied
	 * @return a 200 saying which wait was applied
	 */
	static ResponseEntity<BookingView> waited(BookingView booking, int seconds) {
		return ResponseEntity.ok().header(PREFERENCE_APPLIED, "wait=" + seconds).body(booking);
	}

	@GetMapping("/api/bookings")
	List<BookingView> listOwn(@RequestParam(defaultValue = "0") @Min(0) int page,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int size, @AuthenticationPrincipal Jwt jwt) {
		return this.statuses.listOwn(CurrentUser.id(jwt), page, size);
	}

	static UUID parse(String bookingId) {
		try {
			return UUID.fromString(bookingId);
		}
		catch (IllegalArgumentException ex) {
			throw Problems.notFound("No such booking: booking ids are UUIDs.");
		}
	}

}
