package io.minitickets.api.booking;

import java.util.UUID;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.security.CurrentUser;
import io.minitickets.api.stream.StreamTickets;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The tickets ({@link StreamTickets}) that open a booking's status stream ({@link BookingStreamRoute}) for a browser's
 * {@code EventSource}, which cannot send a Bearer token.
 */
@RestController
class BookingEventsController {

	private final BookingStatusReader statuses;

	private final StreamTickets tickets;

	BookingEventsController(BookingStatusReader statuses, StreamTickets tickets) {
		this.statuses = statuses;
		this.tickets = tickets;
	}

	/**
	 * Mints a ticket to the caller's booking's stream, for {@code new EventSource(url)}: 200 with
	 * {@code {"ticket", "expiresAt", "url"}} ({@code url} the stream's path with the ticket), {@code Cache-Control:
	 * no-store}. A ticket opens streams of this booking only, until it expires
	 * ({@code minitickets.booking.stream.ticket-ttl}, 60 s); a stream it opened stays open after.
	 * @param bookingId the booking
	 * @param jwt the caller
	 * @return the ticket
	 * @throws ApiException 404 when the booking is not the caller's or does not exist
	 */
	@PostMapping("/api/bookings/{bookingId}/stream-ticket")
	ResponseEntity<StreamTicketAnswer> streamTicket(@PathVariable String bookingId,
			@AuthenticationPrincipal Jwt jwt) {
		UUID id = BookingController.parse(bookingId);
		long userId = CurrentUser.id(jwt);
		this.statuses.read(id, userId);
		StreamTickets.StreamTicket ticket = this.tickets.mint(StreamTickets.Kind.BOOKING, id, userId);
		return ResponseEntity.ok()
			.cacheControl(CacheControl.noStore())
			.body(new StreamTicketAnswer(ticket.ticket(), ticket.expiresAt().toString(),
					"/api/bookings/" + id + "/events?ticket=" + ticket.ticket()));
	}

	/**
	 * The answer to {@code POST /api/bookings/{id}/stream-ticket}.
	 *
	 * @param ticket the ticket (a JWT: URL-safe as it is)
	 * @param expiresAt when it stops opening streams, ISO-8601 UTC
	 * @param url the stream's path with the ticket, for {@code new EventSource(url)}
	 */
	record StreamTicketAnswer(String ticket, String expiresAt, String url) {
	}

}
