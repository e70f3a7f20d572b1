package io.minitickets.api.web;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;

/**
 * A numeric id in a path ({@code /api/events/{id}}, {@code /api/events/{eventId}/bookings}) has one spelling: decimal
 * ASCII digits without a leading zero ({@code 0} itself is one), within a long. Spaces around it ({@code %201},
 * {@code 1%20}), leading zeros ({@code 01}), a sign, other digits or another base named the same resource or failed
 * further on; they are a 400. One pass over the chars, no allocation: the booking route reads every booking's id.
 */
public final class PathIds {

	private static final int MAX_DIGITS = 19;

	private PathIds() {
	}

	/**
	 * @param name the path variable's name, for the problem's detail
	 * @param segment the id's path segment, percent-decoded
	 * @return the id, 0 or more
	 * @throws ApiException 400 unless the segment is 1 to 19 decimal digits without a leading zero, at most
	 * {@link Long#MAX_VALUE}
	 */
	public static long parse(String name, String segment) {
		int length = segment.length();
		boolean canonical = length >= 1 && length <= MAX_DIGITS && (length == 1 || segment.charAt(0) != '0');
		long value = 0;
		for (int i = 0; canonical && i < length; i++) {
			int digit = segment.charAt(i) - '0';
			canonical = digit >= 0 && digit <= 9 && value <= (Long.MAX_VALUE - digit) / 10;
			value = value * 10 + digit;
		}
		if (!canonical) {
			throw Problems.badRequest("'" + name + "' must be an id: decimal digits without a leading zero, at most "
					+ Long.MAX_VALUE + ", not '" + Problems.echo(segment) + "'.");
		}
		return value;
	}

}
