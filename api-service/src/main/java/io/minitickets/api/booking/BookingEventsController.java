package io.minitickets.api.booking;

import java.util.UUID;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.security.CurrentUser;
import io.minitickets.api.stream.StreamTickets;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A booking's status as Server-Sent Events ({@link BookingStreams}), and the tickets ({@link StreamTickets}) that
 * open it for a browser's {@code EventSource}, which cannot send a Bearer token.
 */
@RestController
class BookingEventsController {

	private final BookingStreams streams;

	private final BookingStatusReader statuses;

	private final StreamTickets tickets;

	BookingEventsController(BookingStreams streams, BookingStatusReader statuses, StreamTickets tickets) {
		this.streams = streams;
		this.statuses = statuses;
		this.tickets = tickets;
	}

	/**
	 * @param bookingId the booking
	 * @param lastEventId the id of the last event the client got, to resume from; anything else starts afresh
	 * @param ticket a stream ticket of this booking, for a caller without a Bearer token (the security chain lets a
	 * request with one through unauthenticated); ignored when a Bearer token authenticates the caller
	 * @param jwt the caller, or null when the request came with a ticket instead
	 * @return the stream: {@code status} events (id {@code <rank>:<ahead>}), heartbeat comments, closed after a final
	 * status
	 * @throws ApiException 401 when a ticket is not valid (tampered with, expired, not a ticket); 404 when the booking
	 * is not the caller's or does not exist, or the ticket opens another booking; 503 when too many streams are open
	 * on this instance
	 */
	@GetMapping("/api/bookings/{bookingId}/events")
	SseEmitter events(@PathVariable String bookingId,
			@RequestHeader(name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			@RequestParam(name = "ticket", required = false) @Nullable String ticket,
			@AuthenticationPrincipal @Nullable Jwt jwt) {
		UUID id = BookingController.parse(bookingId);
		long userId;
		if (jwt != null) {
			userId = CurrentUser.id(jwt);
		}
		else if (ticket != null) {
			userId = this.tickets.verify(ticket, StreamTickets.Kind.BOOKING, id,
					() -> Problems.notFound("No booking " + id + "."));
		}
		else {
			throw StreamTickets.unauthorized(StreamTickets.Kind.BOOKING);
		}
		return this.streams.open(id, userId, lastEventId);
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
