package io.minitickets.loadtests.bench;

import java.net.URI;
import java.util.List;

import io.minitickets.loadtests.bench.http.HttpRequests;
import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.client.LoadUser;

/**
 * 1-seat booking requests on one event, request {@code i} made by user {@code i % users}, each user's request encoded
 * once: with enough users, every request passes its user's booking bucket (10 tokens, 1 a second) and reaches the
 * gate.
 */
final class Bookings implements RequestSource {

	private final byte[][] requests;

	/**
	 * @param api api-service's base URL
	 * @param eventId the event
	 * @param users who book
	 */
	Bookings(URI api, long eventId, List<LoadUser> users) {
		this.requests = users.stream()
			.map((user) -> HttpRequests.post(api, "/api/events/" + eventId + "/bookings", user.token(),
					"{\"quantity\":1}"))
			.toArray(byte[][]::new);
	}

	@Override
	public byte[] request(long index) {
		return this.requests[(int) (index % this.requests.length)];
	}

}
