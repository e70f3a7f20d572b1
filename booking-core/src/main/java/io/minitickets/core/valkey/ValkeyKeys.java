package io.minitickets.core.valkey;

import java.util.UUID;

/**
 * The Valkey key schema (DESIGN.md, "Valkey key schema"). Every key of one event, one bucket or one booking shares a
 * hash tag, so a script's keys always live on one cluster slot.
 *
 * @param prefix prepended to every key, outside the hash tag; empty in production
 */
public record ValkeyKeys(String prefix) {

	/**
	 * One token bucket: a hash {@code credit_ms}, {@code ts}.
	 * @param scope what is limited, {@code book:user} or {@code login:ip}
	 * @param id whose bucket: a user id or a client IP
	 * @return {@code rl:{<scope>:<id>}}
	 */
	public String bucket(String scope, String id) {
		return this.prefix + "rl:{" + scope + ":" + id + "}";
	}

	/**
	 * The inventory keys of one event.
	 * @param eventId the event
	 * @return its keys
	 */
	public EventKeys event(long eventId) {
		String base = this.prefix + "inv:{evt:" + eventId + "}:";
		return new EventKeys(base + "avail", base + "leases", base + "lease-exp:v2", base + "settled", base + "version",
				base + "quarantine", base + "user-seats", base + "lease-user", base + "leased:v2", base + "lease-exp",
				base + "returned");
	}

	/**
	 * The status cache entry of one booking: a hash {@code status, event, user, quantity, reason}.
	 * @param bookingId the booking
	 * @return {@code bk:{<booking id>}}
	 */
	public String bookingStatus(UUID bookingId) {
		return this.prefix + "bk:{" + bookingId + "}";
	}

	/**
	 * The mark of a checkout opened for a HELD booking: a string holding the provider's checkout id, expiring a minute
	 * after the hold does. Its booking's hash tag, beside the status cache entry.
	 * @param bookingId the booking
	 * @return {@code bk:{<booking id>}:checkout}
	 */
	public String bookingCheckout(UUID bookingId) {
		return this.prefix + "bk:{" + bookingId + "}:checkout";
	}

	/**
	 * One Idempotency-Key of one user: a string holding the booking id and its first final answer.
	 * @param userId the user
	 * @param key the client's Idempotency-Key header value
	 * @return {@code idem:{user:<id>}:<key>}
	 */
	public String idempotency(long userId, String key) {
		return this.prefix + "idem:{user:" + userId + "}:" + key;
	}

	/**
	 * The waiting-room keys of one event (issue 18), under the event's hash tag {@code {evt:<id>}} like its inventory
	 * keys, so every waiting-room script runs on one cluster slot.
	 * @param eventId the event
	 * @return its keys, {@code wr:{evt:<id>}:<name>}
	 */
	public WaitingRoomKeys waitingRoom(long eventId) {
		String base = this.prefix + "wr:{evt:" + eventId + "}:";
		return new WaitingRoomKeys(base + "places", base + "users", base + "owners", base + "admitted",
				base + "admitted-count", base + "seq", base + "meta", base + "admit-clock", base + "lease", base + "seen", base + "dropped");
	}

	/**
	 * The waiting-room keys of one event, all under the hash tag {@code {evt:<id>}}.
	 *
	 * @param places sorted set place id → ticket: the places still waiting, first in line first (arrival order; the
	 * pre-queue's tickets 1..n are redrawn once at the opening)
	 * @param users hash user id → place id: one place per account
	 * @param owners hash place id → user id
	 * @param admitted hash place id → end of its admission (Valkey time, ms since the epoch)
	 * @param admittedCount integer: places admitted so far
	 * @param seq integer: the last ticket handed out
	 * @param meta hash {@code cutoff} (the last ticket of the pre-queue, set once the sale opened), {@code drawn} (the
	 * draw's commitment once applied, or {@code empty}), {@code paused} ({@code ops} while an operator paused admission)
	 * @param admitClock integer: Valkey time (ms) up to which admission credit was spent
	 * @param lease string: the api-service instance that runs the event's admissions, expiring
	 * @param seen sorted set place id → when its owner last joined or read it (Valkey time, ms): the places still
	 * waiting
	 * @param dropped set of place ids dropped as abandoned (their owners may join again)
	 */
	public record WaitingRoomKeys(String places, String users, String owners, String admitted, String admittedCount,
			String seq, String meta, String admitClock, String lease, String seen, String dropped) {
	}

	/**
	 * The inventory keys of one event, all under the hash tag {@code {evt:<id>}}.
	 *
	 * @param available integer: seats the gate may still hand out
	 * @param leases hash booking id → seats reserved and not yet settled
	 * @param leaseExpiry sorted set booking id → lease expiry (Valkey server time, ms since the epoch) of the leases
	 * counted in {@code leased}: every lease this version's RESERVE takes ({@code lease-exp:v2})
	 * @param settled hash booking id → outcome, for settles already applied (makes lease-less settles idempotent)
	 * @param version integer bumped by every settle and repair; the reconciler's compare-and-set reads it
	 * @param quarantine hash booking id → seats: lease entries the reconciler moved aside because they did not parse
	 * (an id that is not a UUID, seats that are not a positive integer), kept for an operator to inspect
	 * @param userSeats hash user id → seats the user holds in leases plus seats confirmed through the gate, for the
	 * event's per-user limit
	 * @param leaseUsers hash booking id → user id of each lease taken for a user, so that its settle gives the seats
	 * back to the right user
	 * @param leased integer: seats the leases of {@code leaseExpiry} hold ({@code leased:v2}), kept by every script
	 * that adds or removes such a lease so that RECONCILE needs no walk over the leases; the reconciler recounts it in
	 * chunks (HSCAN, then a compare-and-set) when it is missing or unreadable. Versioned: a RESERVE of an earlier
	 * version (before this total, or with the unversioned {@code leased}) never touches it, and its leases are in
	 * {@code legacyLeaseExpiry}, so a SETTLE never takes from this total seats that were never added to it
	 * @param legacyLeaseExpiry sorted set booking id → lease expiry of the leases an earlier version's RESERVE took
	 * ({@code lease-exp}), not counted in {@code leased}: RECONCILE adds their seats one by one, and they are gone once
	 * every api-service is upgraded and their leases are settled or expired (docs/OPERATIONS.md, "Upgrading")
	 * @param returned hash booking id → {@code RETURNED} (by a RETURN) or {@code RECONCILED} (by a RECONCILE that read
	 * Postgres after the booking ended; a RETURN then only takes the seats off the user's count), for bookings whose
	 * seats came back (an expired hold) and are already counted in {@code available}; makes RETURN idempotent and a
	 * late RETURN harmless, remembered as long as {@code settled}
	 */
	public record EventKeys(String available, String leases, String leaseExpiry, String settled, String version,
			String quarantine, String userSeats, String leaseUsers, String leased, String legacyLeaseExpiry,
			String returned) {
	}

}
