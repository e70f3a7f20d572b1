package io.minitickets.api.web;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;
import org.springframework.web.util.UriUtils;

/**
 * A path variable's segment as Spring MVC would bind it, for a route that reads its own path ahead of the security
 * chain and Spring MVC (the booking route, a place's position read): percent-decoded, or nothing when the security
 * firewall would refuse the path, so that the request passes through to be refused there as before.
 */
public final class PathSegments {

	private PathSegments() {
	}

	/**
	 * @param raw a path segment as sent (not decoded), without its slashes
	 * @return the segment percent-decoded; null for a segment that is empty, a dot segment, or holds once decoded a
	 * character the security firewall refuses in a path ('/', ';', '\', '%', a control character, a line or paragraph
	 * separator), and for one whose percent-encoding is broken
	 */
	public static @Nullable String decoded(String raw) {
		String segment = raw;
		if (segment.indexOf('%') >= 0) {
			try {
				segment = UriUtils.decode(segment, StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				return null;
			}
			if (segment.indexOf('%') >= 0) {
				return null;
			}
		}
		if (segment.isEmpty()) {
			return null;
		}
		for (int i = 0; i < segment.length(); i++) {
			char c = segment.charAt(i);
			if (Character.isISOControl(c) || c == '/' || c == ';' || c == '\\' || c == '\u2028' || c == '\u2029') {
				return null;
			}
		}
		return (segment.equals(".") || segment.equals("..")) ? null : segment;
	}

}
