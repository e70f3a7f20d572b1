package io.minitickets.api.stream;

import java.io.IOException;
import java.util.Collections;
import java.util.List;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Failures;
import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.security.BearerAuthenticator;
import io.minitickets.api.security.SecurityHeaders;
import io.minitickets.api.web.JsonAcceptance;
import io.minitickets.api.web.RequestChecks;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * Opens Server-Sent Events streams ({@code GET} of a {@link StreamRoute}'s path) in a servlet filter ahead of Spring
 * Security's filter chain and Spring MVC, with the answers they gave: Spring Security's response headers on every
 * answer; the service's request filters' checks (413, 415, 400); the caller by its Bearer token when it sends one (401
 * for a bad one, as the chain), else by its {@code ?ticket=} (400 when sent more than once, 401, 404), else the chain's
 * 401; a 406 naming {@code text/event-stream} to a client whose {@code Accept} admits neither it nor JSON (a 400 when
 * it cannot be read); then the
 * route's own answers (400, 404, 503). A stream it opens is answered with its response head at once, and its
 * connection is handed over to a {@link StreamConnection} that writes pre-encoded frames without blocking
 * ({@link EventSlot}) and ends the stream by closing the connection: no Spring {@code SseEmitter}, no async request
 * held for the stream's life, nothing dispatched back through the filter chain. Another method on a
 * stream's path is answered as Spring MVC answered it (after the same checks and the Bearer token: OPTIONS 200 with
 * {@code Allow}, the firewall's other methods 405); another path passes through untouched.
 */
public final class StreamRouteFilter extends HttpFilter {

	private static final String EVENT_STREAM_UTF8 = MediaType.TEXT_EVENT_STREAM_VALUE + ";charset=UTF-8";

	private final List<StreamRoute> routes;

	private final BearerAuthenticator authenticator;

	private final ProblemWriter problemWriter;

	private final long limitBytes;

	/**
	 * @param routes the routes served
	 * @param authenticator checks Bearer tokens as the security chain does
	 * @param problemWriter writes refusals
	 * @param limitBytes the largest request body accepted ({@code minitickets.api.max-request-bytes})
	 */
	public StreamRouteFilter(List<StreamRoute> routes, BearerAuthenticator authenticator, ProblemWriter problemWriter,
			long limitBytes) {
		this.routes = List.copyOf(routes);
		this.authenticator = authenticator;
		this.problemWriter = problemWriter;
		this.limitBytes = limitBytes;
	}

	@Override
	protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		String method = request.getMethod();
		if (RequestChecks.FIREWALL_METHODS.contains(method)) {
			String uri = request.getRequestURI();
			for (StreamRoute route : this.routes) {
				String[] segments = route.match(uri);
				if (segments != null) {
					if ("GET".equals(method)) {
						serve(route, segments, request, response);
					}
					else {
						otherMethod(request, response);
					}
					return;
				}
			}
		}
		chain.doFilter(request, response);
	}

	/** Another method, as Spring MVC answered it for a caller the chain let through: OPTIONS 200, the others 405. */
	private void otherMethod(HttpServletRequest request, HttpServletResponse response) throws IOException {
		SecurityHeaders.write(request, response);
		try {
			ApiException refused = RequestChecks.beforeSecurity(request, this.limitBytes);
			if (refused != null) {
				throw refused;
			}
			this.authenticator.userId(request);
			if ("OPTIONS".equals(request.getMethod())) {
				response.setHeader(HttpHeaders.ALLOW, "GET,OPTIONS");
				response.setContentLength(0);
				return;
			}
			throw Problems.methodNotAllowed(request.getMethod(), HttpMethod.GET);
		}
		catch (ApiException ex) {
			this.problemWriter.write(request, response, ex);
		}
	}

	private void serve(StreamRoute route, String[] segments, HttpServletRequest request, HttpServletResponse response)
			throws IOException, ServletException {
		SecurityHeaders.write(request, response);
		StreamRoute.Opened opened;
		try {
			ApiException refused = RequestChecks.beforeSecurity(request, this.limitBytes);
			if (refused != null) {
				throw refused;
			}
			long userId = caller(route, segments, request);
			if (!acceptsEventsOrJson(request)) {
				throw JsonAcceptance.notAcceptable(MediaType.TEXT_EVENT_STREAM);
			}
			opened = route.open(segments, userId, request.getHeader("Last-Event-ID"));
		}
		catch (RuntimeException ex) {
			this.problemWriter.write(request, response, (ex instanceof ApiException problem) ? problem
					: Failures.problem(ex));
			return;
		}
		response.setContentType(EVENT_STREAM_UTF8);
		StreamConnection.open(request, response, opened.slot(), route.timeout().toMillis(), opened.onClose());
	}

	/**
	 * The caller: by its Bearer token when it sends one (a {@code ?ticket=} beside it is not read), else by its one
	 * {@code ?ticket=} (400 naming it when sent more than once: which ticket was meant would be a guess), else the
	 * chain's 401.
	 */
	private long caller(StreamRoute route, String[] segments, HttpServletRequest request) {
		String[] tickets = request.getParameterValues("ticket");
		if (request.getHeader(HttpHeaders.AUTHORIZATION) != null || tickets == null) {
			return this.authenticator.userId(request);
		}
		if (tickets.length > 1) {
			throw Problems.repeatedParameter("ticket", tickets.length);
		}
		return route.ticketUser(segments, tickets[0]);
	}

	/**
	 * Asked for as anything that admits JSON ({@link JsonAcceptance}), or with a {@code text/event-stream} range of a
	 * quality above 0 (RFC 9110 §12.4.2: q=0 is "not acceptable").
	 * @throws ApiException 400 ({@link JsonAcceptance#UNREADABLE}) when the {@code Accept} cannot be read, as on the
	 * JSON routes
	 */
	private static boolean acceptsEventsOrJson(HttpServletRequest request) {
		if (JsonAcceptance.acceptsJson(request)) {
			return true;
		}
		List<MediaType> ranges;
		try {
			ranges = MediaType.parseMediaTypes(Collections.list(request.getHeaders(HttpHeaders.ACCEPT)));
		}
		catch (InvalidMediaTypeException ex) {
			throw JsonAcceptance.unreadable();
		}
		for (MediaType range : ranges) {
			if (range.equalsTypeAndSubtype(MediaType.TEXT_EVENT_STREAM) && range.getQualityValue() > 0) {
				return true;
			}
		}
		return false;
	}

}
