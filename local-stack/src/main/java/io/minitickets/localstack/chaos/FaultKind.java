package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The faults a run injects, one phase each, in this order.
 */
public enum FaultKind {

	/** SIGKILL of booking-worker while bookings flow, then a restart. */
	WORKER_KILL,

	/** booking-worker restarted with HALT_AFTER_COMMIT armed: it halts after a Postgres commit; then a normal one. */
	WORKER_FAILPOINT,

	/** SIGKILL of the main Valkey (limiter, status, idempotency), down 2 s, restarted empty. */
	VALKEY_RESTART,

	/** SIGKILL of the gate's Valkey only, down 3 s, restarted empty. */
	GATE_VALKEY_DOWN,

	/** SIGKILL of the Kafka broker, down 3 s, restarted on its ports and data. */
	KAFKA_RESTART,

	/** Fast shutdown of Postgres, down 3 s, restarted on its data. */
	POSTGRES_RESTART,

	/** SIGKILL of the run's own Postgres (the postmaster and its processes), down 3 s, restarted on its data. */
	POSTGRES_KILL,

	/** SIGKILL of api-service while requests are in flight, then a restart. */
	API_KILL,

	/** A record of garbage bytes produced to bookings.requested. */
	POISON,

	/** booking-worker restarted with HALT_AFTER_PAYMENT_COMMIT armed: it halts after a payment's commit; then a normal one. */
	PAYMENT_FAILPOINT,

	/** The gate's Valkey (the run's own) flushed again and again while holds of the paid probe event expire. */
	VALKEY_FLUSH_EXPIRY,

	/** A paid booking's payment webhook delivered again by the payment simulator, signed afresh. */
	WEBHOOK_REPLAY,

	/** The payment simulator frozen (SIGSTOP) at least 5 s while a refund and a webhook are in flight. */
	PROVIDER_DOWN;

	/**
	 * @return how long the holds of the round's paid probe event last: 5 s for {@link #VALKEY_FLUSH_EXPIRY}, whose
	 * holds must expire during the fault; 10 minutes for the others, whose holds a fault's outage must never expire
	 */
	public Duration paidProbeHold() {
		return (this == VALKEY_FLUSH_EXPIRY) ? PaymentFaults.EXPIRING_HOLD : Duration.ofMinutes(10);
	}

	/**
	 * @return the name on the command line and in the table, for example {@code worker-kill}
	 */
	public String label() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * @param labels comma-separated labels, or {@code all}
	 * @return the faults in run order
	 * @throws IllegalArgumentException naming an unknown label
	 */
	public static List<FaultKind> parse(String labels) {
		if (labels.isBlank() || labels.equals("all")) {
			return List.of(values());
		}
		List<String> wanted = Arrays.stream(labels.split(",")).map(String::trim).toList();
		wanted.stream()
			.filter((label) -> Arrays.stream(values()).noneMatch((kind) -> kind.label().equals(label)))
			.findFirst()
			.ifPresent((label) -> {
				throw new IllegalArgumentException("Unknown fault '" + label + "'; known: "
						+ String.join(", ", Arrays.stream(values()).map(FaultKind::label).toList()));
			});
		return Arrays.stream(values()).filter((kind) -> wanted.contains(kind.label())).toList();
	}

}
