package io.minitickets.api.stream;

import java.time.Duration;

import io.minitickets.api.problem.ApiException;
import org.jspecify.annotations.Nullable;

/**
 * One stream's route as {@link StreamRouteFilter} serves it: which paths are its, who a ticket names, and the opening
 * of the stream itself.
 */
public interface StreamRoute {

	/**
	 * @param uri the request URI as sent (not decoded)
	 * @return the path's variable segments, in order, when the path is this route's and every segment is one the
	 * security firewall admits as it is (unreserved characters only); null otherwise (the request passes through)
	 */
	String @Nullable [] match(String uri);

	/**
	 * @param segments what {@link #match} returned
	 * @param ticket the {@code ticket} query parameter
	 * @return the user the ticket was minted for
	 * @throws ApiException 400 for a malformed id; 401 for a ticket that is not valid; 404 for a ticket of another
	 * stream
	 */
	long ticketUser(String[] segments, String ticket);

	/**
	 * Opens the stream for its owner, its first event (when the client lacks it) waiting in the returned slot.
	 * @param segments what {@link #match} returned
	 * @param userId the caller
	 * @param lastEventId the {@code Last-Event-ID} header, or null
	 * @return the stream's opening
	 * @throws ApiException 400 for a malformed id, 404 when it is not the caller's, 503 when too many streams are
	 * open, or as the stream's first read
	 */
	Opened open(String[] segments, long userId, @Nullable String lastEventId);

	/**
	 * @return how long a stream stays open at most
	 */
	Duration timeout();

	/**
	 * An opened stream, not yet attached to its connection.
	 *
	 * @param slot what the stream writes through
	 * @param onClose frees the stream; run once when it ends
	 */
	record Opened(EventSlot slot, Runnable onClose) {
	}

	/**
	 * @param uri a request URI
	 * @param prefix what the path starts with
	 * @param middle what separates the variable segments (null for a route with one)
	 * @param suffix what the path ends with
	 * @return the variable segments, or null when the path is not of this shape or a segment holds another character
	 * than an unreserved one (RFC 3986) or is a dot segment
	 */
	static String @Nullable [] segments(String uri, String prefix, @Nullable String middle, String suffix) {
		if (!uri.startsWith(prefix) || !uri.endsWith(suffix)) {
			return null;
		}
		int end = uri.length() - suffix.length();
		if (end <= prefix.length()) {
			return null;
		}
		String variable = uri.substring(prefix.length(), end);
		String[] segments;
		if (middle == null) {
			segments = new String[] { variable };
		}
		else {
			int at = variable.indexOf(middle);
			if (at < 0) {
				return null;
			}
			segments = new String[] { variable.substring(0, at), variable.substring(at + middle.length()) };
		}
		for (String segment : segments) {
			if (!unreserved(segment)) {
				return null;
			}
		}
		return segments;
	}

	private static boolean unreserved(String segment) {
		if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
			return false;
		}
		for (int i = 0; i < segment.length(); i++) {
			char c = segment.charAt(i);
			boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
					|| c == '.' || c == '_' || c == '~';
			if (!ok) {
				return false;
			}
		}
		return true;
	}

}
