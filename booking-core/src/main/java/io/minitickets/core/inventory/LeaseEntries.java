package io.minitickets.core.inventory;

import java.util.UUID;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * What a well-formed lease entry looks like: a canonical UUID for the booking and 1 to 9 digits of seats, no sign, no
 * leading zero. The same rule as {@code isLease} in {@code scripts/reconcile-inventory.lua}, so Java and Lua set aside
 * the same entries, and as the seats {@code scripts/settle-lease.lua} takes from the event's leased total.
 */
final class LeaseEntries {

	private static final Pattern BOOKING_ID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern SEATS = Pattern.compile("[1-9][0-9]{0,8}");

	private LeaseEntries() {
	}

	/**
	 * @param field a lease hash field or a lease-expiry member
	 * @return the booking id, or null when the field is not a canonical UUID
	 */
	static @Nullable UUID bookingId(String field) {
		return BOOKING_ID.matcher(field).matches() ? UUID.fromString(field) : null;
	}

	/**
	 * @param value a lease hash value
	 * @return the seats, or null when the value is not a positive integer of at most 9 digits
	 */
	static @Nullable Integer seats(String value) {
		return SEATS.matcher(value).matches() ? Integer.valueOf(value) : null;
	}

}
