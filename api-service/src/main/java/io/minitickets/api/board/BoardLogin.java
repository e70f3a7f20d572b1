package io.minitickets.api.board;

import io.minitickets.api.problem.Problems;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /board/login}, as the board's log-in form sends it.
 *
 * @param email the login
 * @param password the password
 */
record BoardLogin(@Nullable String email, @Nullable String password) {

	/**
	 * @return this log-in, checked like {@code POST /api/auth/login}'s body
	 * @throws io.minitickets.api.problem.ApiException 400 when a field is missing, blank, too long or holds control
	 * characters
	 */
	BoardLogin checked() {
		check("email", this.email, 254);
		check("password", this.password, 200);
		return this;
	}

	private static void check(String field, @Nullable String value, int maxLength) {
		if (value == null || value.isBlank() || value.length() > maxLength
				|| value.codePoints().anyMatch(Character::isISOControl)) {
			throw Problems.badRequest("'" + field + "' must be 1 to " + maxLength
					+ " characters without control characters.");
		}
	}

}
