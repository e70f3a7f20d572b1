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
 * @param exceptionClass a class of a dead letter's failure chain ({@link SourceRecord#failureClasses()}), fully
 * qualified or simple name; null for any
 */
record ReplayFilter(@Nullable Long eventId, @Nullable UUID bookingId, @Nullable String exceptionClass) {

	/**
	 * The filters a record can be checked against as it is read: event and booking.
	 * @param record a record read
	 * @return true when it passes them
	 */
	boolean matchesRecord(SourceRecord record) {
		if (this.eventId != null && !this.eventId.toString().equals(record.key())) {
			return false;
		}
		return this.bookingId == null || this.bookingId.equals(record.bookingId());
	}

	/**
	 * The failure filter: a class of the dead letter's failure chain as its headers tell it, or the failure class the
	 * worker recorded in {@code dead_letters} for its original.
	 * @param record a record read
	 * @param recordedFailure the class recorded in {@code dead_letters}; null when there is no row
	 * @return true when no failure filter is given or the record's failure matches it
	 */
	boolean matchesFailure(SourceRecord record, @Nullable String recordedFailure) {
		if (this.exceptionClass == null) {
			return true;
		}
		return (recordedFailure != null && isClass(recordedFailure))
				|| record.failureClasses().stream().anyMatch(this::isClass);
	}

	private boolean isClass(String failure) {
		return failure.equals(this.exceptionClass) || failure.endsWith("." + this.exceptionClass);
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
