package io.minitickets.loadtests.bench.waitingroom;

import java.util.List;
import java.util.function.IntSupplier;

import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.client.LoadUser;

/**
 * Customers asking their place's position, round robin: the {@code n}-th request this source makes (counted over
 * every run it is used in) reads the next place in turn with its owner's token, so that over a long enough run every
 * customer asks equally often. Places before {@code from} (customers already through the line) are skipped, so that
 * the customers still waiting are read more often as the line empties. Requests are encoded once.
 */
final class Positions implements RequestSource {

	private final byte[][] requests;

	private final IntSupplier from;

	/** The place read last; read and written on the load generator's one thread. */
	private int next;

	/**
	 * @param places the event's places
	 * @param owners each place's owner
	 * @param placeIds their places, in the same order
	 */
	Positions(Places places, List<LoadUser> owners, List<String> placeIds) {
		this(places, owners, placeIds, () -> 0);
	}

	/**
	 * @param places the event's places
	 * @param owners each place's owner
	 * @param placeIds their places, in the same order
	 * @param from the first place still read (those before it are through the line); read on every request
	 */
	Positions(Places places, List<LoadUser> owners, List<String> placeIds, IntSupplier from) {
		this.requests = new byte[owners.size()][];
		for (int i = 0; i < owners.size(); i++) {
			this.requests[i] = places.readRequest(owners.get(i), placeIds.get(i));
		}
		this.from = from;
	}

	@Override
	public byte[] request(long index) {
		int first = Math.min(this.from.getAsInt(), this.requests.length - 1);
		if (this.next < first || this.next >= this.requests.length) {
			this.next = first;
		}
		return this.requests[this.next++];
	}

}
