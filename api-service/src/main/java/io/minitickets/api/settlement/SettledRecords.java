package io.minitickets.api.settlement;

import java.nio.ByteBuffer;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the value of a {@code bookings.settled} record (the worker's JSON {@code BookingSettled}) as the feed needs
 * it: first only its booking id, straight from the bytes (no copy, no string, no tree), so that a record nobody on
 * this instance waits for costs a scan of its first bytes; then, for a booking somebody waits for, its status.
 * Neither moves the buffer's position.
 */
final class SettledRecords {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final byte[] FIELD = "\"bookingId\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

	private static final int UUID_LENGTH = 36;

	private SettledRecords() {
	}

	/**
	 * @param value a record's value, UTF-8 JSON; null for a record without one
	 * @return the {@code bookingId} field's UUID; null when the value has none, or none that reads as a UUID
	 */
	static @Nullable UUID bookingId(@Nullable ByteBuffer value) {
		if (value == null) {
			return null;
		}
		int end = value.limit();
		int field = indexOf(value, FIELD, value.position(), end);
		if (field < 0) {
			return null;
		}
		int at = skipSpaces(value, field + FIELD.length, end);
		if (at >= end || value.get(at) != ':') {
			return null;
		}
		at = skipSpaces(value, at + 1, end);
		if (at + UUID_LENGTH + 2 > end || value.get(at) != '"' || value.get(at + 1 + UUID_LENGTH) != '"') {
			return null;
		}
		return uuid(value, at + 1);
	}

	/**
	 * @param value a record's value, UTF-8 JSON
	 * @return the booking and its new status; null when the value does not read as a settlement
	 */
	static @Nullable SettledChange change(ByteBuffer value) {
		UUID bookingId = bookingId(value);
		if (bookingId == null) {
			return null;
		}
		try {
			JsonNode tree;
			if (value.hasArray()) {
				tree = JSON.readTree(value.array(), value.arrayOffset() + value.position(), value.remaining());
			}
			else {
				byte[] copy = new byte[value.remaining()];
				value.duplicate().get(copy);
				tree = JSON.readTree(copy);
			}
			return new SettledChange(bookingId, BookingStatus.valueOf(tree.path("status").asString()));
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

	private static int indexOf(ByteBuffer value, byte[] wanted, int from, int end) {
		outer: for (int i = from; i + wanted.length <= end; i++) {
			for (int j = 0; j < wanted.length; j++) {
				if (value.get(i + j) != wanted[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

	private static int skipSpaces(ByteBuffer value, int from, int end) {
		int at = from;
		while (at < end && (value.get(at) == ' ' || value.get(at) == '\t' || value.get(at) == '\n'
				|| value.get(at) == '\r')) {
			at++;
		}
		return at;
	}

	/** 8-4-4-4-12 hex digits at {@code at}, without a string; null when they are not. */
	private static @Nullable UUID uuid(ByteBuffer value, int at) {
		long most = 0;
		long least = 0;
		int digits = 0;
		for (int i = 0; i < UUID_LENGTH; i++) {
			byte c = value.get(at + i);
			if (i == 8 || i == 13 || i == 18 || i == 23) {
				if (c != '-') {
					return null;
				}
				continue;
			}
			int digit = Character.digit(c, 16);
			if (digit < 0) {
				return null;
			}
			if (digits < 16) {
				most = (most << 4) | digit;
			}
			else {
				least = (least << 4) | digit;
			}
			digits++;
		}
		return new UUID(most, least);
	}

}
