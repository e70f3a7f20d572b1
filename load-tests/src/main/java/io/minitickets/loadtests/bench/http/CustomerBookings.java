package io.minitickets.loadtests.bench.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.netty.handler.codec.http.FullHttpResponse;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.LoadUser;

/**
 * 1-seat booking requests of one event as customers send them: request {@code n} of a run made by user
 * {@code n % users} with a fresh {@code Idempotency-Key} ({@code <prefix>-<8 hex>-<n>}), so that the customer who made
 * request {@code n} can be found again to wait for its booking's status. Assembled from parts encoded once.
 */
public final class CustomerBookings implements RequestSource {

	private static final Pattern BOOKING_ID = Pattern.compile("\"bookingId\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"");

	private static final byte[] BODY_HEADERS_AND_BODY = ascii(
			"Content-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"quantity\":1}");

	private final byte[] requestLine;

	private final byte[][] authorizations;

	private final List<LoadUser> users;

	private final String keyPrefix;

	/**
	 * @param api api-service's base URL
	 * @param eventId the event every request books
	 * @param users who book, round robin by request number
	 * @param name names the keys, for example {@code eta}
	 */
	public CustomerBookings(URI api, long eventId, List<LoadUser> users, String name) {
		if (users.isEmpty()) {
			throw new IllegalArgumentException("Customers need at least one user");
		}
		this.requestLine = ascii("POST /api/events/" + eventId + "/bookings HTTP/1.1\r\nHost: " + api.getAuthority()
				+ "\r\nAccept: application/json\r\n");
		this.users = List.copyOf(users);
		this.authorizations = users.stream()
			.map((user) -> ascii("Authorization: Bearer " + user.token() + "\r\n"))
			.toArray(byte[][]::new);
		this.keyPrefix = "Idempotency-Key: " + name + "-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4))
				+ "-";
	}

	/**
	 * @param index a request's number in the run
	 * @return the user who made it
	 */
	public LoadUser user(long index) {
		return this.users.get((int) (index % this.users.size()));
	}

	@Override
	public byte[] request(long index) {
		byte[] authorization = this.authorizations[(int) (index % this.authorizations.length)];
		byte[] key = ascii(this.keyPrefix + index + "\r\n");
		byte[] request = new byte[this.requestLine.length + authorization.length + key.length
				+ BODY_HEADERS_AND_BODY.length];
		int at = 0;
		for (byte[] part : new byte[][] { this.requestLine, authorization, key, BODY_HEADERS_AND_BODY }) {
			System.arraycopy(part, 0, request, at, part.length);
			at += part.length;
		}
		return request;
	}

	/**
	 * @param response a 202's answer, as the generator's sink is given it
	 * @return the booking id it names, or null when it names none
	 */
	public static @Nullable UUID bookingId(@Nullable FullHttpResponse response) {
		if (response == null) {
			return null;
		}
		return bookingId(response.content().toString(StandardCharsets.UTF_8));
	}

	/**
	 * @param body a 202's body
	 * @return the booking id it names, or null when it names none
	 */
	public static @Nullable UUID bookingId(String body) {
		Matcher matcher = BOOKING_ID.matcher(body);
		return matcher.find() ? UUID.fromString(matcher.group(1)) : null;
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
