package io.minitickets.api.security;

import java.util.Enumeration;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The characters Spring Security's {@code StrictHttpFirewall} allows in header names and values, checked by a loop
 * over code points instead of its regular expressions ({@code [\p{IsAssigned}&&[^\p{IsControl}]]*}, and for values
 * the same plus tab), which took ~6 % of a sold-out booking's CPU: every request's headers are checked, the
 * Authorization token among them. Same answers for every string (HeaderCharactersTests).
 */
public final class HeaderCharacters {

	private HeaderCharacters() {
	}

	/**
	 * @param request a request
	 * @return true when the firewall lets every header name and value of it through, as Spring MVC's reading of the
	 * headers (a request body's content type) asks it to
	 */
	public static boolean allowsEveryHeader(HttpServletRequest request) {
		Enumeration<String> names = request.getHeaderNames();
		while (names.hasMoreElements()) {
			String name = names.nextElement();
			if (!isAllowedName(name)) {
				return false;
			}
			Enumeration<String> values = request.getHeaders(name);
			while (values.hasMoreElements()) {
				if (!isAllowedValue(values.nextElement())) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * @param name a header name
	 * @return true when every code point is assigned and not a control character
	 */
	static boolean isAllowedName(String name) {
		return allowed(name, false);
	}

	/**
	 * @param value a header value
	 * @return true when every code point is assigned and not a control character other than tab
	 */
	static boolean isAllowedValue(String value) {
		return allowed(value, true);
	}

	private static boolean allowed(String text, boolean tab) {
		for (int i = 0; i < text.length();) {
			int codePoint = text.codePointAt(i);
			int type = Character.getType(codePoint);
			if (type == Character.UNASSIGNED || (type == Character.CONTROL && !(tab && codePoint == '\t'))) {
				return false;
			}
			i += Character.charCount(codePoint);
		}
		return true;
	}

}
