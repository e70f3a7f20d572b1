package io.minitickets.api.booking;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /api/events/{id}/bookings}.
 * <p>
 * Checked by {@link #checkedQuantity()} rather than Bean Validation ({@code @Valid}): the same answers, without a
 * validator run and its binding result on every booking (issue 8, hot path).
 *
 * @param quantity seats to book, 1 up to the event's per-order maximum
 */
record BookingRequest(@Nullable Integer quantity) {

	/**
	 * @return the quantity, present and positive
	 * @throws ApiException 400 with the detail Bean Validation gave ({@code 'quantity' must not be null.},
	 * {@code 'quantity' must be greater than 0.})
	 */
	int checkedQuantity() {
		if (this.quantity == null) {
			throw Problems.badRequest("'quantity' must not be null.");
		}
		if (this.quantity <= 0) {
			throw Problems.badRequest("'quantity' must be greater than 0.");
		}
		return this.quantity;
	}

}
