package io.minitickets.loadtests.bench;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.client.LoadUser;

/**
 * 1-seat booking requests, the {@code n}-th request this source makes (counted over every run it is used in) made by
 * user {@code n % users}: with enough users, every request passes its user's booking bucket (10 tokens, 1 a second)
 * and reaches the gate.
 * <p>
 * The requests go to one event, or move on to the next of several events after each event's seats, so that no event
 * sells out however long the load runs (as long as there are events left: the last one takes whatever remains).
 * Keyed, each request carries a fresh {@code Idempotency-Key} ({@code bench-<8 hex>-<n>}), as a real client sends one
 * per booking (it would reuse it only to retry the same booking, which the bench never does). Requests are assembled
 * from parts encoded once (the event's request line, the user's Authorization header, the body), so the load
 * generator's thread pays a copy of a few hundred bytes per request.
 */
public final class Bookings implements RequestSource {

	private static final byte[] BODY_HEADERS_AND_BODY = ascii(
			"Content-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"quantity\":1}");

	private final byte[][] requestLines;

	private final byte[][] authorizations;

	private final long seatsPerEvent;

	private final @Nullable String keyPrefix;

	/** Requests made so far, over every run; read and written on the load generator's one thread. */
	private long made;

	/**
	 * @param api api-service's base URL
	 * @param eventIds the events, in the order they are booked
	 * @param seatsPerEvent requests an event gets before the next takes over
	 * @param users who book
	 * @param keyed whether every request carries a fresh Idempotency-Key
	 */
	Bookings(URI api, List<Long> eventIds, long seatsPerEvent, List<LoadUser> users, boolean keyed) {
		if (eventIds.isEmpty() || users.isEmpty() || seatsPerEvent < 1) {
			throw new IllegalArgumentException("Bookings need an event, a user and a seat per event");
		}
		this.requestLines = eventIds.stream()
			.map((eventId) -> ascii("POST /api/events/" + eventId + "/bookings HTTP/1.1\r\nHost: " + api.getAuthority()
					+ "\r\nAccept: application/json\r\n"))
			.toArray(byte[][]::new);
		this.authorizations = users.stream()
			.map((user) -> ascii("Authorization: Bearer " + user.token() + "\r\n"))
			.toArray(byte[][]::new);
		this.seatsPerEvent = seatsPerEvent;
		this.keyPrefix = keyed ? "Idempotency-Key: bench-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4))
				+ "-" : null;
	}

	/**
	 * Requests without an Idempotency-Key, all on one event.
	 * @param api api-service's base URL
	 * @param eventId the event
	 * @param users who book
	 */
	public Bookings(URI api, long eventId, List<LoadUser> users) {
		this(api, List.of(eventId), Long.MAX_VALUE, users, false);
	}

	@Override
	public byte[] request(long index) {
		long n = this.made++;
		byte[] requestLine = this.requestLines[(int) Math.min(n / this.seatsPerEvent, this.requestLines.length - 1)];
		byte[] authorization = this.authorizations[(int) (n % this.authorizations.length)];
		byte[] key = (this.keyPrefix != null) ? ascii(this.keyPrefix + n + "\r\n") : new byte[0];
		byte[] request = new byte[requestLine.length + authorization.length + key.length
				+ BODY_HEADERS_AND_BODY.length];
		int at = 0;
		for (byte[] part : new byte[][] { requestLine, authorization, key, BODY_HEADERS_AND_BODY }) {
			System.arraycopy(part, 0, request, at, part.length);
			at += part.length;
		}
		return request;
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
