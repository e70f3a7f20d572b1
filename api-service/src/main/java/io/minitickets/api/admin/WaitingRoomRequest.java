package io.minitickets.api.admin;

import java.time.Instant;

import io.minitickets.api.event.WaitingRoom;
import io.minitickets.api.problem.ExpectedJson;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.schema.ClosedSale;
import org.jspecify.annotations.Nullable;

/**
 * An event's waiting room as the admin API takes it: in {@code POST /api/admin/events} as {@code waitingRoom}, and as
 * the body of {@code PUT /api/admin/events/{id}/waiting-room}. Checked by {@link #checked}, each fault a 400 naming
 * the field.
 *
 * @param enabled required: true for bookings to need an admission; false to disable the room, which needs no
 * {@code admission} (the room's own is kept; an event without a room keeps none)
 * @param opensAt from when places are taken (ISO-8601 instant), at or before the sale's opening; absent: at once
 * @param admission required: {@code {"mode": "fixed", "perSecond": 1..100000}}, or {@code {"mode": "auto"}} with an
 * optional {@code perSecond} 1..100000 as the most it admits (the rate then follows the pipeline's measured capacity)
 * @param admittedForSeconds how long an admission lasts, 30 to 86,400 s; absent for 600
 */
@ExpectedJson("{\"enabled\":true,\"admission\":{\"mode\":\"fixed\",\"perSecond\":50}} or {\"enabled\":false}")
record WaitingRoomRequest(@Nullable Boolean enabled, @Nullable Instant opensAt, @Nullable AdmissionRequest admission,
		@Nullable Integer admittedForSeconds) {

	/** The admission of a request. @param mode {@code fixed} or {@code auto} @param perSecond places a second */
	@ExpectedJson("{\"mode\":\"fixed\",\"perSecond\":50} or {\"mode\":\"auto\"}")
	record AdmissionRequest(@Nullable String mode, @Nullable Integer perSecond) {
	}

	static final int DEFAULT_ADMITTED_FOR_SECONDS = 600;

	static final int MIN_ADMITTED_FOR_SECONDS = 30;

	static final int MAX_ADMITTED_FOR_SECONDS = 86_400;

	static final int MAX_PER_SECOND = 100_000;

	private static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");

	/**
	 * @param field how the request names this object, {@code waitingRoom} or empty for a body of its own
	 * @param saleOpensAt the event's sale opening
	 * @param current the event's waiting room now, or null for none (a new event has none)
	 * @return the waiting room; null for none: disabled without an {@code admission} on an event that has no room
	 * @throws io.minitickets.api.problem.ApiException 400 naming the first field at fault
	 */
	@Nullable WaitingRoom checked(String field, Instant saleOpensAt, @Nullable WaitingRoom current) {
		String at = field.isEmpty() ? "" : field + ".";
		if (this.enabled == null) {
			throw Problems.badRequest("'" + at + "enabled' is required (true or false).");
		}
		if (this.opensAt != null) {
			if (this.opensAt.isBefore(EARLIEST)) {
				throw Problems.badRequest("'" + at + "opensAt' must be " + EARLIEST + " or later.");
			}
			if (this.opensAt.isAfter(saleOpensAt) && !ClosedSale.isClosed(saleOpensAt)) {
				throw Problems.badRequest("'" + at + "opensAt' must be at or before the sale's opening, "
						+ saleOpensAt + ": the places taken before it are drawn at the opening.");
			}
		}
		int admittedFor = admittedFor(at);
		if (this.admission == null && !this.enabled) {
			return (current != null) ? new WaitingRoom(false, this.opensAt, current.admission(), admittedFor) : null;
		}
		if (this.admission == null) {
			throw Problems.badRequest("'" + at + "admission' is required to enable a room: {\"mode\": \"fixed\", "
					+ "\"perSecond\": N} or {\"mode\": \"auto\"}.");
		}
		String mode = this.admission.mode();
		if (!WaitingRoom.FIXED.equals(mode) && !WaitingRoom.AUTO.equals(mode)) {
			throw Problems.badRequest("'" + at + "admission.mode' must be \"fixed\" or \"auto\".");
		}
		Integer perSecond = this.admission.perSecond();
		if (WaitingRoom.AUTO.equals(mode) && perSecond != null && (perSecond < 1 || perSecond > MAX_PER_SECOND)) {
			throw Problems.badRequest("'" + at + "admission.perSecond' must be 1 to " + MAX_PER_SECOND
					+ " (the most places admitted a second) in \"auto\" mode, or absent.");
		}
		if (WaitingRoom.FIXED.equals(mode) && (perSecond == null || perSecond < 1 || perSecond > MAX_PER_SECOND)) {
			throw Problems.badRequest("'" + at + "admission.perSecond' must be 1 to " + MAX_PER_SECOND
					+ " (places admitted a second) in \"fixed\" mode.");
		}
		return new WaitingRoom(this.enabled, this.opensAt, new WaitingRoom.Admission(mode, perSecond), admittedFor);
	}

	private int admittedFor(String at) {
		int admittedFor = (this.admittedForSeconds != null) ? this.admittedForSeconds : DEFAULT_ADMITTED_FOR_SECONDS;
		if (admittedFor < MIN_ADMITTED_FOR_SECONDS || admittedFor > MAX_ADMITTED_FOR_SECONDS) {
			throw Problems.badRequest("'" + at + "admittedForSeconds' must be " + MIN_ADMITTED_FOR_SECONDS + " to "
					+ MAX_ADMITTED_FOR_SECONDS + ".");
		}
		return admittedFor;
	}

}
