package io.minitickets.api.booking;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.List;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.problem.RejectedBodyException;
import io.minitickets.api.problem.UnreadableBodies;
import io.minitickets.api.security.HeaderCharacters;
import io.minitickets.api.web.ApiProperties;
import io.minitickets.api.web.JsonAcceptance;
import io.minitickets.api.web.PathIds;
import io.minitickets.api.web.RequestChecks;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.security.AdmissionTokens;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a booking request as Spring MVC read it for the booking endpoint, with the same answers: the event id as
 * decimal digits without a leading zero ({@link PathIds}), {@code Accept} that admits JSON (406), the security
 * firewall's header characters (400), a JSON content type in UTF-8 (415), the body within the size limit,
 * well-formed UTF-8 and strict JSON (Boot's mapper: 413 or 400), and at most one {@code Idempotency-Key} and one
 * {@code Admission-Token}.
 */
class BookingRequestReader {

	private static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	private static final List<MediaType> READABLE = List.of(MediaType.APPLICATION_JSON,
			new MediaType("application", "*+json"));

	private final ObjectReader reader;

	private final long limitBytes;

	BookingRequestReader(JsonMapper jsonMapper, ApiProperties properties) {
		// a field the booking does not take is refused, not ignored: a client that sends "seat" or "quantiy" learns
		// that it is not read
		this.reader = jsonMapper.readerFor(BookingRequest.class).with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
		this.limitBytes = properties.maxRequestBytes().toBytes();
	}

	/**
	 * @param segment the event id's path segment, percent-decoded
	 * @return the event id
	 * @throws ApiException 400 unless it is decimal digits without a leading zero within a long ({@link PathIds})
	 */
	static long eventId(String segment) {
		return PathIds.parse("eventId", segment);
	}

	/**
	 * @param request the booking request
	 * @throws ApiException 400 when a header holds characters the security firewall refuses; 406 when its
	 * {@code Accept} gives JSON quality 0 ({@link JsonAcceptance})
	 */
	static void checkHeaders(HttpServletRequest request) {
		if (!HeaderCharacters.allowsEveryHeader(request)) {
			throw Problems.disallowedHeaderCharacters();
		}
		if (!JsonAcceptance.acceptsJson(request)) {
			throw JsonAcceptance.notAcceptable();
		}
	}

	/**
	 * @param request the booking request
	 * @return its body
	 * @throws ApiException 400 when it has two Content-Type headers; 415 when its content type is not JSON, or JSON
	 * in another charset than UTF-8; 413 when the body is larger than the limit; 400 when it is not well-formed UTF-8,
	 * not JSON, not an object, a field is not of its type or is not a field of a booking
	 * @throws IOException when the body cannot be read from the connection
	 */
	BookingRequest body(HttpServletRequest request) throws IOException {
		ApiException twice = RequestChecks.contentTypeOnce(request);
		if (twice != null) {
			throw twice;
		}
		checkContentType(request.getHeader(HttpHeaders.CONTENT_TYPE));
		ApiException charset = RequestChecks.jsonCharset(request);
		if (charset != null) {
			throw charset;
		}
		byte[] body;
		try {
			body = RequestChecks.utf8Body(request, this.limitBytes);
		}
		catch (RejectedBodyException ex) {
			throw ex.problem();
		}
		BookingRequest booking;
		try {
			booking = (body.length > 0) ? this.reader.readValue(body) : null;
		}
		catch (JacksonException ex) {
			throw UnreadableBodies.problem(ex);
		}
		if (booking == null) {
			// no body, or the JSON literal null: Spring MVC's "required request body is missing"
			throw UnreadableBodies.missing();
		}
		return booking;
	}

	/**
	 * @param request the booking request
	 * @return its Idempotency-Key, or null when it has none
	 * @throws ApiException 400 when it is sent more than once: two lines would otherwise be joined into one key
	 * ("a,b") that neither request meant
	 */
	static @Nullable String idempotencyKey(HttpServletRequest request) {
		return once(request, IDEMPOTENCY_KEY);
	}

	/**
	 * @param request the booking request
	 * @return its Admission-Token, or null when it has none
	 * @throws ApiException 400 when it is sent more than once, whatever the event: which of two admissions a booking
	 * spends would be the server's guess
	 */
	static @Nullable String admissionToken(HttpServletRequest request) {
		return once(request, AdmissionTokens.HEADER);
	}

	private static @Nullable String once(HttpServletRequest request, String name) {
		Enumeration<String> values = request.getHeaders(name);
		if (!values.hasMoreElements()) {
			return null;
		}
		String value = values.nextElement();
		int count = 1;
		while (values.hasMoreElements()) {
			values.nextElement();
			count++;
		}
		if (count > 1) {
			throw Problems.badRequest("Send one '" + name + "' header, not " + count + ".");
		}
		return value;
	}

	private static void checkContentType(@Nullable String contentType) {
		if (MediaType.APPLICATION_JSON_VALUE.equals(contentType)) {
			return;
		}
		if (contentType == null) {
			throw unsupported(new HttpMediaTypeNotSupportedException(MediaType.APPLICATION_OCTET_STREAM, READABLE,
					HttpMethod.POST), Problems.NO_CONTENT_TYPE);
		}
		MediaType type;
		try {
			type = MediaType.parseMediaType(contentType);
		}
		catch (InvalidMediaTypeException ex) {
			throw unsupported(new HttpMediaTypeNotSupportedException("Could not parse Content-Type.", READABLE));
		}
		if (READABLE.stream().anyMatch((readable) -> readable.includes(type))) {
			return;
		}
		// As Spring MVC named it: with the request's character encoding, UTF-8 unless the type says otherwise.
		MediaType named = (type.getCharset() == null) ? new MediaType(type, StandardCharsets.UTF_8) : type;
		throw unsupported(new HttpMediaTypeNotSupportedException(named, READABLE, HttpMethod.POST));
	}

	private static ApiException unsupported(HttpMediaTypeNotSupportedException ex) {
		return unsupported(ex, String.valueOf(ex.getBody().getDetail()));
	}

	private static ApiException unsupported(HttpMediaTypeNotSupportedException ex, String detail) {
		ApiException problem = new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED,
				"Unsupported Media Type", detail, null);
		ex.getHeaders().forEach((name, values) -> problem.withHeader(name, String.join(", ", values)));
		return problem;
	}

}
