package io.minitickets.api.waitingroom;

import java.net.URI;
import java.util.List;

import io.minitickets.api.booking.PreferWait;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.security.CurrentUser;
import io.minitickets.api.stream.StreamTickets;
import io.minitickets.api.web.PathIds;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/events/{eventId}/queue}: take a place in the event's waiting room (201, Location of the place; 200
 * with the same place when the caller has one), and {@code GET /api/events/{eventId}/queue/{placeId}}: the owner's
 * view of it, with the admission token once admitted; {@code Prefer: wait=N} (RFC 7240) answers when it is admitted,
 * or after N seconds at most ({@code Preference-Applied} names the wait applied); and the tickets that open its stream
 * ({@link PlaceStreamRoute}). Bearer token; another account's place is a 404.
 */
@RestController
class WaitingRoomController {

	private final WaitingRooms rooms;

	private final StreamTickets tickets;

	WaitingRoomController(WaitingRooms rooms, StreamTickets tickets) {
		this.rooms = rooms;
		this.tickets = tickets;
	}

	@PostMapping(path = "/api/events/{eventId}/queue", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<PlaceView> join(@PathVariable("eventId") String eventId, @AuthenticationPrincipal Jwt jwt) {
		WaitingRooms.Joined joined = this.rooms.join(PathIds.parse("eventId", eventId), CurrentUser.id(jwt));
		PlaceView place = joined.place();
		return ResponseEntity.status(joined.joinedNow() ? HttpStatus.CREATED : HttpStatus.OK)
			.location(URI.create("/api/events/" + place.eventId() + "/queue/" + place.placeId()))
			.body(place);
	}

	@GetMapping(path = "/api/events/{eventId}/queue/{placeId}", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<PlaceView> place(@PathVariable("eventId") String eventId, @PathVariable("placeId") String placeId,
			@RequestHeader(name = "Prefer", required = false) List<String> prefer, @AuthenticationPrincipal Jwt jwt) {
		Integer wait = (prefer != null) ? PreferWait.seconds(prefer, this.rooms.waitMostSeconds()) : null;
		PlaceView place = this.rooms.place(PathIds.parse("eventId", eventId), placeId, CurrentUser.id(jwt),
				(wait != null) ? wait : 0);
		ResponseEntity.BodyBuilder answer = ResponseEntity.ok().header(HttpHeaders.CACHE_CONTROL, "no-store");
		if (wait != null) {
			answer.header("Preference-Applied", "wait=" + wait);
		}
		return answer.body(place);
	}

	/**
	 * {@code POST /api/events/{eventId}/queue/{placeId}/stream-ticket}: a ticket to the caller's place's stream, for
	 * {@code new EventSource(url)}, as a booking's ({@code {"ticket", "expiresAt", "url"}}, {@code Cache-Control:
	 * no-store}, valid {@code minitickets.booking.stream.ticket-ttl}).
	 * @param eventId the event
	 * @param placeId the place
	 * @param jwt the caller
	 * @return the ticket
	 * @throws ApiException 404 another account's place, an unknown one, or an event without a waiting room
	 */
	@PostMapping(path = "/api/events/{eventId}/queue/{placeId}/stream-ticket",
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<StreamTicketAnswer> streamTicket(@PathVariable("eventId") String eventId,
			@PathVariable("placeId") String placeId, @AuthenticationPrincipal Jwt jwt) {
		long event = PathIds.parse("eventId", eventId);
		long userId = CurrentUser.id(jwt);
		PlaceView place = this.rooms.place(event, placeId, userId, 0);
		StreamTickets.StreamTicket ticket = this.tickets.mint(StreamTickets.Kind.PLACE, place.placeId(), userId);
		return ResponseEntity.ok()
			.cacheControl(CacheControl.noStore())
			.body(new StreamTicketAnswer(ticket.ticket(), ticket.expiresAt().toString(), "/api/events/" + event
					+ "/queue/" + place.placeId() + "/events?ticket=" + ticket.ticket()));
	}

	/**
	 * The answer to {@code POST .../stream-ticket}.
	 *
	 * @param ticket the ticket (a JWT: URL-safe as it is)
	 * @param expiresAt when it stops opening streams, ISO-8601 UTC
	 * @param url the stream's path with the ticket, for {@code new EventSource(url)}
	 */
	record StreamTicketAnswer(String ticket, String expiresAt, String url) {
	}

}
