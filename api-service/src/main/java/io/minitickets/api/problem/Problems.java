package io.minitickets.api.problem;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.minitickets.core.problem.ProblemTypes;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;

/**
 * The problems every feature answers alike, and the type and title of each status, so that a status answered by any
 * layer (a controller, a filter, Spring MVC, the error page, Tomcat) reads the same.
 */
public final class Problems {

	/** The most characters of a client's own text (an id from the path, a parameter) that a detail repeats. */
	public static final int MAX_ECHOED_CHARS = 64;

	/** What StrictHttpFirewall names when the path holds a sequence it blocks (';', '%2F', '//', '%25', '%2E'…). */
	private static final Pattern FIREWALL_BLOCKED = Pattern.compile("potentially malicious String \"(.*)\"$",
			Pattern.DOTALL);

	/** What StrictHttpFirewall names when a header's value holds a character it refuses: the header's name. */
	private static final Pattern FIREWALL_HEADER_VALUE = Pattern.compile("header: \"(.*?) \" has a value",
			Pattern.DOTALL);

	/**
	 * The detail of the 415 to a body sent without {@code Content-Type}, on every endpoint that reads JSON (the booking
	 * route's own reader and Spring MVC's, through {@link ProblemDetailsAdvice}): Spring MVC would name
	 * {@code application/octet-stream}, a type the client never sent.
	 */
	public static final String NO_CONTENT_TYPE = "The request has no Content-Type header: send the body as "
			+ "application/json.";

	private Problems() {
	}

	/**
	 * @param text what the client sent, to repeat in a detail
	 * @return it as is when it has at most {@link #MAX_ECHOED_CHARS} chars, else its first ones and "…" (a surrogate
	 * pair is never cut in two)
	 */
	public static String echo(String text) {
		if (text.length() <= MAX_ECHOED_CHARS) {
			return text;
		}
		int end = Character.isHighSurrogate(text.charAt(MAX_ECHOED_CHARS - 1)) ? MAX_ECHOED_CHARS - 1
				: MAX_ECHOED_CHARS;
		return text.substring(0, end) + "…";
	}

	/**
	 * @param name a query parameter the request sends more than once ({@code ?page=0&page=1})
	 * @param count how many times it is sent
	 * @return a 400 naming it: which of the values the API would read is its guess
	 */
	public static ApiException repeatedParameter(String name, int count) {
		return badRequest("Send '" + name + "' once, not " + count + " times.");
	}

	/**
	 * @param detail what is wrong with the request
	 * @return a 400
	 */
	public static ApiException badRequest(String detail) {
		return of(HttpStatus.BAD_REQUEST, detail);
	}

	/**
	 * @param limitBytes the largest body accepted, in bytes
	 * @return a 413
	 */
	public static ApiException tooLarge(long limitBytes) {
		return of(HttpStatus.CONTENT_TOO_LARGE, "The request body is larger than " + limitBytes + " bytes.");
	}

	/**
	 * @param detail what was not found; never says whether it exists for someone else
	 * @return a 404
	 */
	public static ApiException notFound(String detail) {
		return of(HttpStatus.NOT_FOUND, detail);
	}

	/**
	 * @param eventId an event id that names no event
	 * @return the 404 every route under an event answers for it
	 */
	public static ApiException unknownEvent(long eventId) {
		return notFound("No event " + eventId + ".");
	}

	/**
	 * @param detail what already exists
	 * @return a 409
	 */
	public static ApiException conflict(String detail) {
		return of(HttpStatus.CONFLICT, detail);
	}

	/**
	 * @param detail what the resource's state does not allow yet
	 * @param retryAfterSeconds whole seconds after which the state may allow it, at least 1
	 * @return a 409 with Retry-After
	 */
	public static ApiException conflict(String detail, long retryAfterSeconds) {
		return new ApiException(HttpStatus.CONFLICT, typeOf(409), titleOf(409), detail, Math.max(1, retryAfterSeconds));
	}

	/**
	 * @param detail what cannot answer now
	 * @param retryAfterSeconds whole seconds, at least 1
	 * @return a 503 with Retry-After
	 */
	public static ApiException unavailable(String detail, long retryAfterSeconds) {
		return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, typeOf(503), titleOf(503), detail,
				Math.max(1, retryAfterSeconds));
	}

	/**
	 * @return the 400 for a request a header of which holds a character the security firewall refuses
	 */
	public static ApiException disallowedHeaderCharacters() {
		return badRequest("A header holds characters that are not allowed (control characters or unassigned code "
				+ "points).");
	}

	/**
	 * The security firewall's refusal in the API's words: what it found, never its own message (which names Java
	 * types and settings).
	 * @param rejection the message of its {@code RequestRejectedException}
	 * @return the 400 naming what the path, a header or a parameter holds that is not accepted
	 */
	public static ApiException firewallRejected(@Nullable String rejection) {
		String message = String.valueOf(rejection);
		Matcher found = FIREWALL_BLOCKED.matcher(message);
		if (found.find()) {
			return badRequest(blockedInPath(found.group(1).toLowerCase(Locale.ROOT)));
		}
		if (message.contains("not normalized")) {
			return badRequest("The path holds a '.' or '..' segment (path traversal), which is not accepted: send "
					+ "the path without it.");
		}
		Matcher header = FIREWALL_HEADER_VALUE.matcher(message);
		if (header.find()) {
			return badRequest("The " + echo(header.group(1)) + " header holds characters that are not allowed "
					+ "(control characters or unassigned code points).");
		}
		if (message.contains("header name")) {
			return badRequest("A header name holds characters that are not allowed (control characters or "
					+ "unassigned code points).");
		}
		if (message.contains("parameter")) {
			return badRequest("A query parameter holds characters that are not allowed (control characters or "
					+ "unassigned code points).");
		}
		return badRequest("The request holds characters or sequences that are not allowed.");
	}

	private static String blockedInPath(String blocked) {
		return switch (blocked) {
			case ";", "%3b" -> "The path holds ';': path parameters (such as ;jsessionid=) are not accepted.";
			case "%2f" -> "The path holds an encoded slash (%2F), which is not accepted.";
			case "//", "%2f%2f" -> "The path holds an empty segment ('//'), which is not accepted.";
			case "\\", "%5c" -> "The path holds a backslash, which is not accepted.";
			case "%25", "%" -> "The path holds an encoded percent sign (%25), which is not accepted.";
			case "%2e" -> "The path holds an encoded period (%2E), which is not accepted.";
			default -> "The path holds a control character (NUL, CR, LF or a line or paragraph separator), which is "
					+ "not accepted.";
		};
	}

	/**
	 * @param status a 4xx status
	 * @return the problem of a request refused before any endpoint saw it (the security firewall, the container)
	 */
	public static ApiException rejectedBeforeTheApi(HttpStatus status) {
		return of(status, "The request was rejected before it reached the API: " + status.getReasonPhrase() + ".");
	}

	/**
	 * @param method the request's method, one the route does not serve
	 * @param allowed the methods it serves, for the {@code Allow} header
	 * @return the 405 naming the method, with {@code Allow}
	 */
	public static ApiException methodNotAllowed(String method, HttpMethod... allowed) {
		return new ApiException(HttpStatus.METHOD_NOT_ALLOWED, ProblemTypes.UNSUPPORTED, "Method Not Allowed",
				"Method '" + method + "' is not supported.", null)
			.withHeader(HttpHeaders.ALLOW, Arrays.stream(allowed).map(HttpMethod::name).collect(Collectors.joining(",")));
	}

	/**
	 * The answer to a method no path of the API serves (RFC 9110, section 15.6.2: 501 is the answer to a method the
	 * server does not recognise): Spring Security's firewall refuses it before any endpoint is found.
	 * @param method the request's method
	 * @return the 501 naming the method and the ones the API serves
	 */
	public static ApiException unknownMethod(String method) {
		return of(HttpStatus.NOT_IMPLEMENTED, "Method '" + echo(method)
				+ "' is not one this API serves: it serves GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS.");
	}

	/**
	 * @param status the HTTP status
	 * @param detail what happened to this request
	 * @return a problem of the status's type and title
	 */
	public static ApiException of(HttpStatus status, String detail) {
		return new ApiException(status, typeOf(status.value()), titleOf(status.value()), detail, null);
	}

	/**
	 * @param status an HTTP error status
	 * @return the problem type of a status that has no more specific cause
	 */
	static URI typeOf(int status) {
		return switch (status) {
			case 400 -> ProblemTypes.INVALID_REQUEST;
			case 401 -> ProblemTypes.UNAUTHORIZED;
			case 403 -> ProblemTypes.FORBIDDEN;
			case 404 -> ProblemTypes.NOT_FOUND;
			case 405, 406, 415, 501, 505 -> ProblemTypes.UNSUPPORTED;
			case 409 -> ProblemTypes.CONFLICT;
			case 413 -> ProblemTypes.TOO_LARGE;
			case 503 -> ProblemTypes.UNAVAILABLE;
			default -> (status >= 400 && status < 500) ? ProblemTypes.INVALID_REQUEST : ProblemTypes.INTERNAL;
		};
	}

	/**
	 * @param status an HTTP error status
	 * @return the fixed title of a status's problems: ours where we have one, else the status's reason phrase
	 */
	static String titleOf(int status) {
		return switch (status) {
			case 400 -> "Invalid request";
			case 404 -> "Not found";
			case 413 -> "Request too large";
			case 500 -> "Internal error";
			case 503 -> "Service unavailable";
			default -> {
				HttpStatus known = HttpStatus.resolve(status);
				yield (known != null) ? known.getReasonPhrase() : "Error";
			}
		};
	}

}
