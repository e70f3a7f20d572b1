package io.minitickets.api.booking;

import java.time.Duration;
import java.util.UUID;

import io.minitickets.api.problem.Problems;
import io.minitickets.api.stream.StreamRoute;
import io.minitickets.api.stream.StreamTickets;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * {@code GET /api/bookings/{bookingId}/events}: the owner's booking's status as Server-Sent Events
 * ({@link BookingStreams}), served by {@link io.minitickets.api.stream.StreamRouteFilter}: {@code status} events (id
 * {@code <rank>:<ahead>}), heartbeat comments, closed after a final status; {@code Last-Event-ID} resumes. The caller
 * by its Bearer token, or by a ticket of this booking ({@code POST /api/bookings/{id}/stream-ticket}) for a browser's
 * {@code EventSource}. 400 for a malformed id; 401 for a ticket that is not valid; 404 when the booking is not the
 * caller's or does not exist, or the ticket opens another; 503 when too many streams are open on this instance.
 */
@Component
class BookingStreamRoute implements StreamRoute {

	private final BookingStreams streams;

	private final StreamTickets tickets;

	private final BookingStreamProperties properties;

	BookingStreamRoute(BookingStreams streams, StreamTickets tickets, BookingStreamProperties properties) {
		this.streams = streams;
		this.tickets = tickets;
		this.properties = properties;
	}

	@Override
	public String @Nullable [] match(String uri) {
		return StreamRoute.segments(uri, "/api/bookings/", null, "/events");
	}

	@Override
	public long ticketUser(String[] segments, String ticket) {
		UUID id = BookingController.parse(segments[0]);
		return this.tickets.verify(ticket, StreamTickets.Kind.BOOKING, id,
				() -> Problems.notFound("No booking " + id + "."));
	}

	@Override
	public Opened open(String[] segments, long userId, @Nullable String lastEventId) {
		return this.streams.open(BookingController.parse(segments[0]), userId, lastEventId);
	}

	@Override
	public Duration timeout() {
		return this.properties.timeout();
	}

}
