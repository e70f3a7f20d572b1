package io.minitickets.api.waitingroom;

import java.io.IOException;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.security.BearerAuthenticator;
import io.minitickets.api.security.HeaderCharacters;
import io.minitickets.api.security.SecurityHeaders;
import io.minitickets.api.web.ApiProperties;
import io.minitickets.api.web.JsonAcceptance;
import io.minitickets.api.web.ObservedRoute;
import io.minitickets.api.web.PathIds;
import io.minitickets.api.web.PathSegments;
import io.minitickets.api.web.RequestChecks;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/**
 * {@code GET /api/events/{eventId}/queue/{placeId}} without a {@code Prefer} header, the read every waiting customer
 * polls (issue 18, "Scale": a position answer must cost no more CPU than a sold-out booking's 409), served by a servlet
 * filter ahead of Spring Security's filter chain and Spring MVC, as the booking route is, with the answers
 * {@link WaitingRoomController#place} gives behind them.
 * <p>
 * In order: the checks of the service's request filters (413 declared size, 415 content encoding, 400 header
 * encoding); the bearer token (401); {@code Accept} (406); two Content-Types (400) or a JSON one in another charset than UTF-8 (415); the event id (400); then
 * {@link WaitingRooms#place} (404 no such event, room or place of the caller's; 503 Valkey unreachable). Every
 * problem carries Spring Security's response headers; the place is a 200 in JSON with {@code Cache-Control: no-store}
 * and the chain's other headers, the body Spring MVC sent ({@link PlaceJson}) with a {@code Content-Length} where
 * Spring MVC sent it chunked. Timed and traced as Spring MVC did
 * ({@link ObservedRoute}). A request with a {@code Prefer} header (a long-poll, {@code Prefer: wait=N}), another
 * method (HEAD, OPTIONS, ...) or another path passes through untouched, to be answered by Spring MVC as before; so
 * does one with a header the security firewall refuses: the firewall refuses only the headers read on the way
 * ({@code Authorization}, {@code Accept}...), so whether it is a 400 or the place is the chain's to say.
 */
class PlaceReadRoute extends HttpFilter {

	/** The route's URI template, the {@code uri} tag of its timers. */
	static final String URI = "/api/events/{eventId}/queue/{placeId}";

	private static final String PREFIX = "/api/events/";

	private static final String QUEUE = "/queue/";

	private final WaitingRooms rooms;

	private final BearerAuthenticator authenticator;

	private final ObservedRoute route;

	private final long limitBytes;

	/**
	 * @param rooms reads the place
	 * @param authenticator the bearer token's check
	 * @param route times, traces and answers failures
	 * @param properties the largest request body accepted
	 */
	PlaceReadRoute(WaitingRooms rooms, BearerAuthenticator authenticator, ObservedRoute route,
			ApiProperties properties) {
		this.rooms = rooms;
		this.authenticator = authenticator;
		this.route = route;
		this.limitBytes = properties.maxRequestBytes().toBytes();
	}

	@Override
	protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		PlacePath path = "GET".equals(request.getMethod()) ? PlacePath.of(request.getRequestURI()) : null;
		if (path == null || request.getHeader("Prefer") != null || !HeaderCharacters.allowsEveryHeader(request)) {
			chain.doFilter(request, response);
			return;
		}
		this.route.serve(request, response, () -> answer(request, response, path));
	}

	private void answer(HttpServletRequest request, HttpServletResponse response, PlacePath path)
			throws IOException {
		PlaceView place;
		try {
			place = place(request, path);
		}
		catch (ApiException problem) {
			SecurityHeaders.write(request, response);
			this.route.write(request, response, problem);
			return;
		}
		catch (RuntimeException ex) {
			SecurityHeaders.write(request, response);
			throw ex;
		}
		// the controller's Cache-Control first: the chain's no-caching headers then leave caching alone, as they did
		response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
		SecurityHeaders.write(request, response);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		byte[] json = PlaceJson.bytes(place);
		// with its length, not chunked as Spring MVC's JSON converter flushes it: the answer and its end go out in one
		// write, as the booking route's do
		response.setContentLength(json.length);
		response.getOutputStream().write(json);
	}

	private PlaceView place(HttpServletRequest request, PlacePath path) {
		ApiException refused = RequestChecks.beforeSecurity(request, this.limitBytes);
		if (refused != null) {
			throw refused;
		}
		long userId = this.authenticator.userId(request);
		if (!JsonAcceptance.acceptsJson(request)) {
			throw JsonAcceptance.notAcceptable();
		}
		refused = RequestChecks.contentTypeOnce(request);
		if (refused == null) {
			refused = RequestChecks.jsonCharset(request);
		}
		if (refused != null) {
			throw refused;
		}
		return this.rooms.place(PathIds.parse("eventId", path.eventId()), path.placeId(), userId, 0);
	}

	/**
	 * The path variables of {@code /api/events/{eventId}/queue/{placeId}}, percent-decoded.
	 *
	 * @param eventId the event id's segment
	 * @param placeId the place id's segment
	 */
	record PlacePath(String eventId, String placeId) {

		/**
		 * @param uri a request URI as sent (not decoded)
		 * @return its path variables; null for any other path, and for a segment the security firewall refuses
		 * ({@link PathSegments#decoded}): that passes through to the firewall
		 */
		static @Nullable PlacePath of(String uri) {
			if (!uri.startsWith(PREFIX)) {
				return null;
			}
			int eventEnd = uri.indexOf('/', PREFIX.length());
			if (eventEnd < 0 || !uri.startsWith(QUEUE, eventEnd)
					|| uri.indexOf('/', eventEnd + QUEUE.length()) >= 0) {
				return null;
			}
			String eventId = PathSegments.decoded(uri.substring(PREFIX.length(), eventEnd));
			String placeId = PathSegments.decoded(uri.substring(eventEnd + QUEUE.length()));
			return (eventId != null && placeId != null) ? new PlacePath(eventId, placeId) : null;
		}

	}

}
