package io.minitickets.api.booking;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.security.CurrentUser;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A booking's status as Server-Sent Events ({@link BookingStreams}).
 */
@RestController
class BookingEventsController {

	private final BookingStreams streams;

	BookingEventsController(BookingStreams streams) {
		this.streams = streams;
	}

	/**
	 * @param bookingId the booking
	 * @param lastEventId the id of the last event the client got, to resume from; anything else starts afresh
	 * @param jwt the caller
	 * @return the stream: {@code status} events (id {@code <rank>:<ahead>}), heartbeat comments, closed after a final
	 * status
	 * @throws ApiException 404 when the booking is not the caller's or does not exist; 503 when too many streams are
	 * open on this instance
	 */
	@GetMapping("/api/bookings/{bookingId}/events")
	SseEmitter events(@PathVariable String bookingId,
			@RequestHeader(name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			@AuthenticationPrincipal Jwt jwt) {
		return this.streams.open(BookingController.parse(bookingId), CurrentUser.id(jwt), lastEventId);
	}

}
