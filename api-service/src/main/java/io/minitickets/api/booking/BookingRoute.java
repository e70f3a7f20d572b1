package io.minitickets.api.booking;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.ratelimit.RateLimitFields;
import io.minitickets.api.security.BearerAuthenticator;
import io.minitickets.api.security.SecurityHeaders;
import io.minitickets.api.web.ApiProperties;
import io.minitickets.api.web.ObservedRoute;
import io.minitickets.api.web.PathSegments;
import io.minitickets.api.web.RequestChecks;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;

/**
 * {@code POST /api/events/{eventId}/bookings}, served by a servlet filter ahead of every other one instead of by
 * Spring MVC behind Spring Security's filter chain: the same checks in the same order and the same answers, without
 * the frameworks' per-request machinery (issue 8, the hot path: handler lookup, argument resolution, message
 * converters, the security chain's request wrappers and the request observation cost more CPU than the booking).
 * <p>
 * With Spring Security's response headers on every answer, in order: the checks of the service's request filters
 * (413 declared size, 415 content encoding, 400 header encoding); the bearer token (401); another method (405,
 * OPTIONS 200); the firewall's header characters and {@code Accept} (400, 406); the event id (400); the body (400 two
 * Content-Types, 415, 413, 400); then, within the in-flight limit ({@link BookingInFlightLimit}: 503 beyond it), the
 * quantity, Idempotency-Key and Admission-Token (400; each header once) and {@link BookingService#book} (which
 * checks the {@code Admission-Token} of a waiting-room event first: 403). Every request is timed and traced as Spring
 * MVC did ({@link ObservedRoute}), by its method; one whose body never arrived (the client went away) is
 * answered nothing and recorded as such. Any other path or method passes through untouched.
 */
class BookingRoute extends HttpFilter {

	private static final String PREFIX = "/api/events/";

	private static final String SUFFIX = "/bookings";

	/** The route's URI template, the {@code uri} tag of its timers. */
	static final String URI = "/api/events/{eventId}/bookings";

	private static final byte[] ACCEPTED_START = "{\"bookingId\":\"".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] ACCEPTED_MIDDLE = "\",\"status\":\"PENDING\",\"statusUrl\":\""
		.getBytes(StandardCharsets.US_ASCII);

	private static final byte[] ACCEPTED_END = "\"}".getBytes(StandardCharsets.US_ASCII);

	private final BookingService bookings;

	private final BearerAuthenticator authenticator;

	private final BookingRequestReader reader;

	private final ObservedRoute route;

	private final BookingInFlightLimit inFlight;

	private final long limitBytes;

	BookingRoute(BookingService bookings, BearerAuthenticator authenticator, BookingRequestReader reader,
			ObservedRoute route, BookingInFlightLimit inFlight, ApiProperties properties) {
		this.bookings = bookings;
		this.inFlight = inFlight;
		this.authenticator = authenticator;
		this.reader = reader;
		this.route = route;
		this.limitBytes = properties.maxRequestBytes().toBytes();
	}

	@Override
	protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		String segment = eventIdSegment(request.getRequestURI());
		if (segment == null || !RequestChecks.FIREWALL_METHODS.contains(request.getMethod())) {
			chain.doFilter(request, response);
			return;
		}
		this.route.serve(request, response, () -> answer(request, response, segment));
	}

	private void answer(HttpServletRequest request, HttpServletResponse response, String segment)
			throws IOException {
		SecurityHeaders.write(request, response);
		ApiException refused = RequestChecks.beforeSecurity(request, this.limitBytes);
		if (refused != null) {
			this.route.write(request, response, refused);
			return;
		}
		try {
			long userId = this.authenticator.userId(request);
			if (!"POST".equals(request.getMethod())) {
				otherMethod(request, response);
				return;
			}
			BookingRequestReader.checkHeaders(request);
			long eventId = BookingRequestReader.eventId(segment);
			BookingRequest body = body(request);
			if (!this.inFlight.tryEnter()) {
				throw this.inFlight.overloaded();
			}
			// the rate limiter writes its RateLimit fields on this answer, whatever it turns out to be
			try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) {
				int quantity = body.checkedQuantity();
				BookingAccepted accepted = this.bookings.book(userId, eventId, quantity,
						BookingRequestReader.idempotencyKey(request), BookingRequestReader.admissionToken(request));
				writeAccepted(response, accepted);
			}
			finally {
				this.inFlight.exit();
			}
		}
		catch (ApiException problem) {
			this.route.write(request, response, problem);
		}
	}

	private BookingRequest body(HttpServletRequest request) {
		try {
			return this.reader.body(request);
		}
		catch (IOException ex) {
			throw new ObservedRoute.BodyNotReceived(ex);
		}
	}

	/** OPTIONS names the methods, as Spring MVC answered it; the others are 405. */
	private void otherMethod(HttpServletRequest request, HttpServletResponse response) throws IOException {
		if ("OPTIONS".equals(request.getMethod())) {
			response.setHeader(HttpHeaders.ALLOW, "POST,OPTIONS");
			response.setContentLength(0);
			return;
		}
		this.route.write(request, response, Problems.methodNotAllowed(request.getMethod(), HttpMethod.POST));
	}

	private void writeAccepted(HttpServletResponse response, BookingAccepted accepted) throws IOException {
		byte[] bookingId = accepted.bookingId().toString().getBytes(StandardCharsets.US_ASCII);
		byte[] statusUrl = accepted.statusUrl().getBytes(StandardCharsets.US_ASCII);
		response.setStatus(HttpServletResponse.SC_ACCEPTED);
		response.setHeader(HttpHeaders.LOCATION, accepted.statusUrl());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(ACCEPTED_START.length + bookingId.length + ACCEPTED_MIDDLE.length + statusUrl.length
				+ ACCEPTED_END.length);
		var out = response.getOutputStream();
		out.write(ACCEPTED_START);
		out.write(bookingId);
		out.write(ACCEPTED_MIDDLE);
		out.write(statusUrl);
		out.write(ACCEPTED_END);
	}

	/**
	 * @param uri a request URI as sent (not decoded)
	 * @return the event id segment of {@code /api/events/{eventId}/bookings}, percent-decoded; null for any other
	 * path, and for a segment that is empty, a dot segment, or holds once decoded a character the security firewall
	 * refuses in a path ('/', ';', '\', '%', a control character, a line or paragraph separator): that passes through
	 * to the firewall
	 */
	static @Nullable String eventIdSegment(String uri) {
		if (!uri.startsWith(PREFIX) || !uri.endsWith(SUFFIX) || uri.length() <= PREFIX.length() + SUFFIX.length()) {
			return null;
		}
		return PathSegments.decoded(uri.substring(PREFIX.length(), uri.length() - SUFFIX.length()));
	}

}
