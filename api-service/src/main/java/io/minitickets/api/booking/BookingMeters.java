package io.minitickets.api.booking;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The booking path's counters, each built once at start (the request path only increments, it builds no tags):
 * <ul>
 * <li>{@code minitickets.bookings{outcome}}: how each booking attempt ended ({@link #OUTCOMES});</li>
 * <li>{@code minitickets.gate.decisions{decision}}: what the inventory gate decided ({@link #DECISIONS}): a lease
 * reserved, sold out, the user's limit, skipped (no counter, a resumed booking, the gate disabled) or an error
 * (Valkey could not answer, or RESERVE failed in it; the booking went on ungated);</li>
 * <li>{@code minitickets.gate.skipped{cause}}: why a booking went on ungated ({@link #SKIP_CAUSES}).</li>
 * </ul>
 */
@Component
class BookingMeters {

	/** The {@code outcome} tags of {@code minitickets.bookings}. */
	static final List<String> OUTCOMES = List.of("accepted", "accepted-ungated", "sold-out", "user-limit", "not-sent",
			"unconfirmed", "status-not-recorded");

	/** The {@code decision} tags of {@code minitickets.gate.decisions}. */
	static final List<String> DECISIONS = List.of("reserved", "sold-out", "user-limit", "skipped", "error");

	/** The {@code cause} tags of {@code minitickets.gate.skipped}. */
	static final List<String> SKIP_CAUSES = List.of("unavailable", "script-error", "unknown", "resumed",
			"disabled");

	private final Map<String, Counter> outcomes;

	private final Map<String, Counter> decisions;

	private final Map<String, Counter> skipped;

	BookingMeters(MeterRegistry registry) {
		this.outcomes = counters(registry, "minitickets.bookings", "outcome", OUTCOMES,
				"Booking attempts, by how they ended");
		this.decisions = counters(registry, "minitickets.gate.decisions", "decision", DECISIONS,
				"Inventory gate decisions on booking attempts");
		this.skipped = counters(registry, "minitickets.gate.skipped", "cause", SKIP_CAUSES,
				"Bookings sent to Kafka without a lease, by why the gate did not decide");
	}

	/**
	 * Counts a booking attempt's end.
	 * @param outcome one of {@link #OUTCOMES}
	 */
	void outcome(String outcome) {
		Objects.requireNonNull(this.outcomes.get(outcome), outcome).increment();
	}

	/**
	 * Counts a gate decision.
	 * @param decision one of {@link #DECISIONS}
	 */
	void decision(String decision) {
		Objects.requireNonNull(this.decisions.get(decision), decision).increment();
	}

	/**
	 * Counts a booking the gate did not decide: decision {@code error} when Valkey failed ({@code unavailable}) or
	 * RESERVE raised an error in it ({@code script-error}), {@code skipped} otherwise.
	 * @param cause one of {@link #SKIP_CAUSES}
	 */
	void skipped(String cause) {
		Objects.requireNonNull(this.skipped.get(cause), cause).increment();
		decision(("unavailable".equals(cause) || "script-error".equals(cause)) ? "error" : "skipped");
	}

	private static Map<String, Counter> counters(MeterRegistry registry, String name, String tag, List<String> values,
			String description) {
		Map<String, Counter> counters = new HashMap<>();
		for (String value : values) {
			counters.put(value, Counter.builder(name).description(description).tag(tag, value).register(registry));
		}
		return Map.copyOf(counters);
	}

}
