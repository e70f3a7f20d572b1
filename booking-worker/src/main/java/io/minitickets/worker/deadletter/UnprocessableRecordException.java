package io.minitickets.worker.deadletter;

import org.jspecify.annotations.Nullable;

/**
 * A record of {@code bookings.requested} that can never be settled: its value could not be read, or it is not a
 * valid booking request. Retrying cannot help, so the error handler sends the record to the dead-letter topic at once
 * (this type is registered as not retryable).
 */
public class UnprocessableRecordException extends RuntimeException {

	/**
	 * @param message why the record cannot be settled
	 * @param cause the deserialization failure, or null when the record was read but is invalid
	 */
	public UnprocessableRecordException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
