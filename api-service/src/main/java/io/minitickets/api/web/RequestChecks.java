package io.minitickets.api.web;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.problem.RejectedBodyException;
import io.minitickets.core.problem.ProblemTypes;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * The checks this package's filters make on every request, for a route that answers a request itself before those
 * filters run (the booking route, a place's position read): each gives the same problem as its filter.
 */
public final class RequestChecks {

	private static final List<MediaType> JSON_TYPES = List.of(MediaType.APPLICATION_JSON,
			new MediaType("application", "*+json"));

	private static final List<String> READ_HEADERS = List.of(HttpHeaders.AUTHORIZATION, "Idempotency-Key",
			"X-Forwarded-For");

	/**
	 * The methods Spring Security's firewall admits: a route served ahead of the chain answers these itself (405 for
	 * those it does not serve) and lets any other pass through, to be refused by the firewall as before.
	 */
	public static final Set<String> FIREWALL_METHODS = Set.of("POST", "GET", "HEAD", "PUT", "PATCH", "DELETE",
			"OPTIONS");

	private RequestChecks() {
	}

	/**
	 * What this package's filters refuse before the security chain sees a request, in their order: the declared size
	 * (413), the content encoding (415), the headers the API reads (400).
	 * @param request the request
	 * @param limitBytes the largest body accepted
	 * @return the first of those problems, or null when the request passes them all
	 */
	public static @Nullable ApiException beforeSecurity(HttpServletRequest request, long limitBytes) {
		ApiException refused = declaredSize(request, limitBytes);
		if (refused == null) {
			refused = contentEncoding(request);
		}
		if (refused == null) {
			refused = readHeaders(request);
		}
		return refused;
	}

	/**
	 * @param request the request
	 * @param limitBytes the largest body accepted
	 * @return a 413 when the declared body length passes the limit; null otherwise ({@link RequestSizeLimitFilter})
	 */
	public static @Nullable ApiException declaredSize(HttpServletRequest request, long limitBytes) {
		return (request.getContentLengthLong() > limitBytes) ? Problems.tooLarge(limitBytes) : null;
	}

	/**
	 * @param request the request
	 * @return a 415 when its body is sent with a {@code Content-Encoding} other than identity; null otherwise
	 * ({@link ContentEncodingFilter})
	 */
	public static @Nullable ApiException contentEncoding(HttpServletRequest request) {
		Enumeration<String> values = request.getHeaders(HttpHeaders.CONTENT_ENCODING);
		if (values == null || !values.hasMoreElements()) {
			return null;
		}
		List<String> encodings = Collections.list(values);
		if (encodings.stream()
			.map(String::strip)
			.noneMatch((encoding) -> !encoding.isEmpty() && !encoding.equalsIgnoreCase("identity"))) {
			return null;
		}
		return new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED,
				"Unsupported content encoding",
				"Content-Encoding " + String.join(", ", encodings) + " is not supported; send the body unencoded.",
				null);
	}

	/**
	 * @param request the request
	 * @return a 400 when a header the API reads (Authorization, Idempotency-Key, X-Forwarded-For) is not well-formed
	 * UTF-8 or Authorization is sent more than once; null otherwise ({@link RequestHeadersFilter})
	 */
	public static @Nullable ApiException readHeaders(HttpServletRequest request) {
		for (String name : READ_HEADERS) {
			Enumeration<String> values = request.getHeaders(name);
			int count = 0;
			while (values.hasMoreElements()) {
				count++;
				if (!Utf8Validator.isWellFormed(values.nextElement())) {
					return Problems.badRequest("The " + name + " header is not well-formed UTF-8.");
				}
			}
			if (count > 1 && name.equals(HttpHeaders.AUTHORIZATION)) {
				return Problems.badRequest("Send one Authorization header; this request has " + count + ".");
			}
		}
		return null;
	}

	/**
	 * @param request the request
	 * @return a 400 when it sends {@code Content-Type} more than once (the container and Spring read the first, a
	 * proxy perhaps the other); null otherwise ({@link ContentTypeFilter})
	 */
	public static @Nullable ApiException contentTypeOnce(HttpServletRequest request) {
		Enumeration<String> values = request.getHeaders(HttpHeaders.CONTENT_TYPE);
		int count = 0;
		while (values.hasMoreElements()) {
			values.nextElement();
			count++;
		}
		return (count > 1) ? Problems.badRequest("Send one Content-Type header; this request has " + count + ".") : null;
	}

	/**
	 * @param request the request
	 * @return a 415 when its {@code Content-Type} is JSON ({@code application/json}, {@code application/*+json})
	 * declared in a charset other than UTF-8 (JSON is UTF-8: RFC 8259 section 8.1); null otherwise, and for a
	 * {@code Content-Type} that cannot be parsed, which the content type's own check refuses ({@link ContentTypeFilter})
	 */
	public static @Nullable ApiException jsonCharset(HttpServletRequest request) {
		String contentType = request.getContentType();
		if (contentType == null || contentType.indexOf(';') < 0) {
			return null;
		}
		MediaType type;
		try {
			type = MediaType.parseMediaType(contentType);
		}
		catch (InvalidMediaTypeException ex) {
			return null;
		}
		Charset charset = type.getCharset();
		if (charset == null || charset.equals(StandardCharsets.UTF_8)
				|| JSON_TYPES.stream().noneMatch((json) -> json.includes(type))) {
			return null;
		}
		return new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED, "Unsupported Media Type",
				"Content-Type '" + contentType + "' declares the charset " + charset.name()
						+ ": JSON must be sent as UTF-8 (RFC 8259), with charset=UTF-8 or no charset.",
				null);
	}

	/**
	 * Reads a whole request body, refusing it as {@link RequestSizeLimitFilter} and {@link Utf8BodyFilter} do.
	 * @param request the request
	 * @param limitBytes the largest body accepted
	 * @return the body's bytes; empty when it has none
	 * @throws RejectedBodyException 413 when it passes the limit, 400 when it is not well-formed UTF-8
	 * @throws IOException when it cannot be read
	 */
	public static byte[] utf8Body(HttpServletRequest request, long limitBytes) throws IOException {
		long declared = request.getContentLengthLong();
		InputStream in = request.getInputStream();
		byte[] body = (declared >= 0) ? in.readNBytes((int) Math.min(declared, limitBytes + 1))
				: readUpTo(in, limitBytes + 1);
		if (body.length > limitBytes) {
			throw new RejectedBodyException(Problems.tooLarge(limitBytes));
		}
		Utf8Validator validator = new Utf8Validator();
		long malformedAt = validator.accept(body, 0, body.length);
		if (malformedAt >= 0) {
			throw Utf8BodyFilter.malformed("at byte " + malformedAt);
		}
		if (!validator.atCharacterBoundary()) {
			throw Utf8BodyFilter.malformed("at its end, inside a character");
		}
		return body;
	}

	private static byte[] readUpTo(InputStream in, long max) throws IOException {
		byte[] buffer = new byte[256];
		int length = 0;
		int n;
		while (length < max && (n = in.read(buffer, length, (int) Math.min(buffer.length - length, max - length))) >= 0) {
			length += n;
			if (length == buffer.length && length < max) {
				buffer = Arrays.copyOf(buffer, (int) Math.min(buffer.length * 2L, max));
			}
		}
		return Arrays.copyOf(buffer, length);
	}

}
