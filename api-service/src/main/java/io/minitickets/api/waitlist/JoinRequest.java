package io.minitickets.api.waitlist;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /api/events/{id}/waitlist}.
 *
 * @param quantity seats wanted, 1 up to the event's per-order maximum, all or none
 */
record JoinRequest(@Nullable Integer quantity) {

	/**
	 * @return the quantity, present and positive
	 * @throws ApiException 400 with the booking route's details
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
