package io.minitickets.api.waitingroom;

import java.time.Duration;

import io.minitickets.api.booking.BookingStreamProperties;
import io.minitickets.api.stream.StreamRoute;
import io.minitickets.api.stream.StreamTickets;
import io.minitickets.api.web.PathIds;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * {@code GET /api/events/{eventId}/queue/{placeId}/events}: the owner's waiting-room place as Server-Sent Events
 * ({@link PlaceStreams}), served by {@link io.minitickets.api.stream.StreamRouteFilter}: {@code place} events,
 * heartbeat comments, closed after ADMITTED, EXPIRED, DROPPED or sold out. The caller by its Bearer token, or by a
 * ticket of this place ({@code POST .../stream-ticket}) for a browser's {@code EventSource}. 400 for a malformed event
 * id; 401 for a ticket that is not valid; 404 for another account's place (or a ticket of another place), an unknown
 * event or place, or an event without a waiting room; 503 when too many place streams are open on this instance.
 */
@Component
class PlaceStreamRoute implements StreamRoute {

	private final PlaceStreams streams;

	private final StreamTickets tickets;

	private final BookingStreamProperties properties;

	PlaceStreamRoute(PlaceStreams streams, StreamTickets tickets, BookingStreamProperties properties) {
		this.streams = streams;
		this.tickets = tickets;
		this.properties = properties;
	}

	@Override
	public String @Nullable [] match(String uri) {
		return StreamRoute.segments(uri, "/api/events/", "/queue/", "/events");
	}

	@Override
	public long ticketUser(String[] segments, String ticket) {
		long event = PathIds.parse("eventId", segments[0]);
		String placeId = segments[1];
		return this.tickets.verify(ticket, StreamTickets.Kind.PLACE, WaitingRooms.parse(placeId, event),
				() -> WaitingRooms.notYours(placeId, event));
	}

	@Override
	public Opened open(String[] segments, long userId, @Nullable String lastEventId) {
		return this.streams.open(PathIds.parse("eventId", segments[0]), segments[1], userId, lastEventId);
	}

	@Override
	public Duration timeout() {
		return this.properties.timeout();
	}

}
