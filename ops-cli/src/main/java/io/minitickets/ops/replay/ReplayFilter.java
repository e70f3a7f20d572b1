package io.minitickets.ops.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * Which records of the range are replayed: all of them, or those of one event (the key), one booking, or, for dead
 * letters, one failure class.
 *
 * @param eventId the event id the key must equal; null for any
 * @param bookingId the booking id the value must carry; null for any
 * @param exceptionClass the failure class of a dead letter, fully qualified or simple name; null for any
 */
record ReplayFilter(@Nullable Long eventId, @Nullable UUID bookingId, @Nullable String exceptionClass) {

	/**
	 * @param record a record read
	 * @return true when it passes every filter given
	 */
	boolean matches(SourceRecord record) {
		if (this.eventId != null && !this.eventId.toString().equals(record.key())) {
			return false;
		}
		if (this.bookingId != null && !this.bookingId.equals(record.bookingId())) {
			return false;
		}
		if (this.exceptionClass != null) {
			String failure = record.exceptionClass();
			return failure != null
					&& (failure.equals(this.exceptionClass) || failure.endsWith("." + this.exceptionClass));
		}
		return true;
	}

	/**
	 * @return the filters as the audit and the report print them, {@code none} when there are none
	 */
	String describe() {
		List<String> parts = new ArrayList<>();
		if (this.eventId != null) {
			parts.add("event=" + this.eventId);
		}
		if (this.bookingId != null) {
			parts.add("booking=" + this.bookingId);
		}
		if (this.exceptionClass != null) {
			parts.add("exception=" + this.exceptionClass);
		}
		return parts.isEmpty() ? "none" : String.join(" ", parts);
	}

}
