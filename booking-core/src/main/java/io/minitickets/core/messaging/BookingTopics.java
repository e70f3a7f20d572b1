package io.minitickets.core.messaging;

/**
 * Names of the Kafka topics of the booking pipeline; the one place they are spelled.
 */
public final class BookingTopics {

	/** Accepted booking requests, key = event id, value = {@link BookingRequested}. */
	public static final String REQUESTED = "bookings.requested";

	/** Outcomes decided by Postgres, key = event id, value = {@link BookingSettled}. */
	public static final String SETTLED = "bookings.settled";

	/** Records of {@link #REQUESTED} that could not be read or are invalid; same partition as the source. */
	public static final String REQUESTED_DLT = "bookings.requested-dlt";

	/**
	 * Records that {@code ops replay} would have redriven more often than its limit: parked here instead of
	 * going round again, same key, partition count and headers (with {@link ReplayHeaders}). Nothing consumes it.
	 */
	public static final String REQUESTED_PARKED = "bookings.requested-parked";

	/**
	 * Verified payment webhooks that api-service recorded for the worker to apply, key = the booking's event id (one
	 * authority per event: the worker applies them under the event's row lock), value = {@link PaymentReceived}.
	 */
	public static final String PAYMENTS_RECEIVED = "payments.received";

	/** Records of {@link #PAYMENTS_RECEIVED} that could not be read or applied at all; same partition as the source. */
	public static final String PAYMENTS_RECEIVED_DLT = "payments.received-dlt";

	/**
	 * Customers' cancellation requests that api-service recorded for the worker to apply, key = the booking's event id
	 * (applied under the event's row lock, like payments), value = {@link CancellationRequested}.
	 */
	public static final String CANCELLATIONS_REQUESTED = "cancellations.requested";

	/** Records of {@link #CANCELLATIONS_REQUESTED} that could not be read or applied at all; same partition. */
	public static final String CANCELLATIONS_REQUESTED_DLT = "cancellations.requested-dlt";

	/** Consumer group of the booking workers. */
	public static final String WORKER_GROUP = "booking-worker";

	/**
	 * Consumer group of the booking workers' payment applier on {@link #PAYMENTS_RECEIVED}: its own, so a rebalance or
	 * the lag of one group never shows in the other's.
	 */
	public static final String PAYMENTS_GROUP = "booking-worker-payments";

	/** Consumer group of the booking workers' cancellation applier on {@link #CANCELLATIONS_REQUESTED}: its own. */
	public static final String CANCELLATIONS_GROUP = "booking-worker-cancellations";

	private BookingTopics() {
	}

}
