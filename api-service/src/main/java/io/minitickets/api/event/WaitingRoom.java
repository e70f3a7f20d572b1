package io.minitickets.api.event;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * An event's waiting room (issue 18): a queue in front of its booking route. Absent on an event: nothing changes.
 *
 * @param enabled true while bookings of the event need an admission and places are taken
 * @param opensAt from when places are taken (the pre-queue, drawn in a random order at the sale's opening); null:
 * from the moment it is configured
 * @param admission how fast places are admitted
 * @param admittedForSeconds how long an admission lasts, seconds (the admission token's lifetime)
 */
public record WaitingRoom(boolean enabled, @Nullable Instant opensAt, Admission admission, int admittedForSeconds) {

	/** Admission at a fixed rate. */
	public static final String FIXED = "fixed";

	/** Admission that follows the pipeline's measured capacity (settle rate, consumer lag, in-flight and shed). */
	public static final String AUTO = "auto";

	/**
	 * @param now the current time
	 * @return true when places are taken at {@code now}: enabled, and {@code opensAt} has passed
	 */
	public boolean takesPlaces(Instant now) {
		return this.enabled && (this.opensAt == null || !now.isBefore(this.opensAt));
	}

	/**
	 * How fast places are admitted.
	 *
	 * @param mode {@code fixed} or {@code auto}
	 * @param perSecond places admitted a second in {@code fixed} mode; in {@code auto} the most admitted a second,
	 * or null for no ceiling
	 */
	public record Admission(String mode, @Nullable Integer perSecond) {
	}

}
