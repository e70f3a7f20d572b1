package io.minitickets.api.booking;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code wait} preference of {@code Prefer} headers (RFC 7240, section 4.3): how many seconds the client is
 * willing to wait for an answer.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc7240#section-4.3">RFC 7240, the "wait" preference</a>
 */
public final class PreferWait {

	private PreferWait() {
	}

	/**
	 * @param headers the values of every {@code Prefer} header, each a comma-separated list of preferences
	 * (parameters after {@code ;} are ignored, a quoted value is unquoted)
	 * @param most the most seconds applied: a larger wait is capped to it
	 * @return the seconds to wait, 0 to {@code most}; null when no header asks for a wait, or its value is not a whole
	 * number of seconds (RFC 7240: a preference that is not understood is ignored)
	 */
	public static @Nullable Integer seconds(List<String> headers, int most) {
		for (String header : headers) {
			for (String preference : header.split(",")) {
				String[] nameAndValue = preference.split(";", 2)[0].split("=", 2);
				if (nameAndValue[0].strip().equalsIgnoreCase("wait")) {
					return (nameAndValue.length == 2) ? parse(unquote(nameAndValue[1].strip()), most) : null;
				}
			}
		}
		return null;
	}

	private static @Nullable Integer parse(String value, int most) {
		if (value.isEmpty() || !value.chars().allMatch((c) -> c >= '0' && c <= '9')) {
			return null;
		}
		// digits only: a value too long for a long is far above the cap
		return (value.length() > 9) ? most : (int) Math.min(most, Long.parseLong(value));
	}

	private static String unquote(String value) {
		return (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\""))
				? value.substring(1, value.length() - 1) : value;
	}

}
