package io.minitickets.api.web;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses with 406 a request to an {@code /api} endpoint whose {@code Accept} gives JSON quality 0
 * ({@link JsonAcceptance}), after Spring Security's filter chain (401 and 403 come first) and before Spring MVC runs
 * anything; a request it admits reaches Spring MVC with {@code Accept: application/json}. Spring MVC matched the
 * endpoints' {@code produces} ignoring quality, so {@code application/json;q=0} and
 * {@code text/plain, *}{@code /*;q=0} were answered JSON, and it answered an {@code Accept} it could not parse with a
 * 406 without a body; one that {@link JsonAcceptance} cannot read is a 400 naming the header. The booking route makes
 * the same check itself, in its own order.
 * <p>
 * A stream (a booking's status, {@code /api/bookings/{id}/events}; a place's, {@code .../queue/{placeId}/events})
 * asked for as {@code text/event-stream} passes with
 * {@code Accept: text/event-stream, application/json}: the stream answers events, and a refusal (404, 503) JSON
 * problems. One whose {@code Accept} admits neither is answered a 406 naming {@code text/event-stream}, what it serves.
 */
@Component
@Order(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 1)
class JsonAcceptanceFilter extends OncePerRequestFilter {

	private static final Pattern EVENTS = Pattern
		.compile("/api/bookings/[^/]+/events|/api/events/[^/]+/queue/[^/]+/events");

	private static final String EVENT_STREAM_OR_JSON = MediaType.TEXT_EVENT_STREAM_VALUE + ", "
			+ MediaType.APPLICATION_JSON_VALUE;

	private final ProblemWriter problemWriter;

	JsonAcceptanceFilter(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !request.getRequestURI().startsWith("/api/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (isEventStream(request)) {
			chain.doFilter(new Accepting(request, EVENT_STREAM_OR_JSON), response);
		}
		else if (!acceptsJson(request, response)) {
			return;
		}
		else if (request.getHeader(HttpHeaders.ACCEPT) == null) {
			chain.doFilter(request, response);
		}
		else {
			chain.doFilter(new Accepting(request, MediaType.APPLICATION_JSON_VALUE), response);
		}
	}

	/**
	 * @return whether the request's {@code Accept} admits JSON; when it does not, or cannot be read, the refusal (406,
	 * 400) is written
	 */
	private boolean acceptsJson(HttpServletRequest request, HttpServletResponse response) throws IOException {
		ApiException refused;
		try {
			if (JsonAcceptance.acceptsJson(request)) {
				return true;
			}
			refused = EVENTS.matcher(request.getRequestURI()).matches()
					? JsonAcceptance.notAcceptable(MediaType.TEXT_EVENT_STREAM) : JsonAcceptance.notAcceptable();
		}
		catch (ApiException ex) {
			refused = ex;
		}
		this.problemWriter.write(request, response, refused);
		return false;
	}

	private static boolean isEventStream(HttpServletRequest request) {
		String accept = request.getHeader(HttpHeaders.ACCEPT);
		return accept != null && accept.toLowerCase(Locale.ROOT).contains(MediaType.TEXT_EVENT_STREAM_VALUE)
				&& EVENTS.matcher(request.getRequestURI()).matches();
	}

	/**
	 * A request whose {@code Accept} was found to admit JSON, as Spring MVC then sees it: {@code application/json}
	 * alone. The check above is the one that decides; left to read the header itself, Spring MVC refused more than 50
	 * media ranges with a 406 without a body, and took a {@code charset} parameter as one to answer in (a 500 after
	 * the handler had run, for {@code charset=iso-8859-1}) or echoed the header's parameters in the answer's
	 * Content-Type. Every /api endpoint answers UTF-8 JSON.
	 */
	private static final class Accepting extends HttpServletRequestWrapper {

		private final String accept;

		Accepting(HttpServletRequest request, String accept) {
			super(request);
			this.accept = accept;
		}

		@Override
		public String getHeader(String name) {
			return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? this.accept : super.getHeader(name);
		}

		@Override
		public Enumeration<String> getHeaders(String name) {
			return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? Collections.enumeration(List.of(this.accept))
					: super.getHeaders(name);
		}

	}

}
