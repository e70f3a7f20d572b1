package io.minitickets.loadtests.bench.waitingroom;

import java.util.List;

import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.client.LoadUser;

/**
 * Customers asking their place's position, round robin: the {@code n}-th request this source makes (counted over
 * every run it is used in) reads place {@code n % places} with its owner's token, so that over a long enough run
 * every customer asks equally often. Requests are encoded once.
 */
final class Positions implements RequestSource {

	private final byte[][] requests;

	/** Requests made so far, over every run; read and written on the load generator's one thread. */
	private long made;

	/**
	 * @param places the event's places
	 * @param owners each place's owner
	 * @param placeIds their places, in the same order
	 */
	Positions(Places places, List<LoadUser> owners, List<String> placeIds) {
		this.requests = new byte[owners.size()][];
		for (int i = 0; i < owners.size(); i++) {
			this.requests[i] = places.readRequest(owners.get(i), placeIds.get(i));
		}
	}

	@Override
	public byte[] request(long index) {
		return this.requests[(int) (this.made++ % this.requests.length)];
	}

}
