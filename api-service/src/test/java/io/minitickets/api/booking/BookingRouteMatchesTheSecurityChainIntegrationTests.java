package io.minitickets.api.booking;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.web.RequestChecks;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BookingRoute} answers its path ahead of Spring Security's filter chain, doing itself what the chain's filters
 * would do there, and so does the waiting room's {@code PlaceReadRoute} for {@code GET /api/events/{id}/queue/{placeId}}.
 * These tests pin them together: a rule added to {@code SecurityConfiguration} for those paths, or a filter added to
 * the chain, fails here until the routes do the same (and the lists below say so).
 */
class BookingRouteMatchesTheSecurityChainIntegrationTests extends ApiIntegrationTest {

	/**
	 * The chain's filters for the booking path, in order, and what the route does instead of each: the response
	 * headers ({@code SecurityHeaders}); the bearer token ({@code BearerAuthenticator}); the 401 and 403 problems of
	 * the exception translation; the authorization below. The rest do nothing for a stateless bearer request: no
	 * session URLs, async dispatch, session or stored context; the protected resource metadata is only
	 * {@code /.well-known/oauth-protected-resource}; {@code AuthenticationFilter} takes DPoP-bound tokens
	 * ({@code Authorization: DPoP}), which the route does not (401); an anonymous caller is a 401.
	 */
	private static final List<String> MIRRORED_FILTERS = List.of("DisableEncodeUrlFilter",
			"WebAsyncManagerIntegrationFilter", "SecurityContextHolderFilter", "HeaderWriterFilter",
			"OAuth2ProtectedResourceMetadataFilter", "BearerTokenAuthenticationFilter", "AuthenticationFilter",
			"AnonymousAuthenticationFilter", "SessionManagementFilter", "ExceptionTranslationFilter",
			"AuthorizationFilter");

	@Autowired
	private List<SecurityFilterChain> chains;

	@Test
	void theChainWouldRunOnlyTheFiltersTheRouteMirrors() {
		for (HttpServletRequest request : routed()) {
			assertThat(chainFor(request).getFilters().stream().map((filter) -> filter.getClass().getSimpleName()))
				.as("A route answers %s %s without these filters: mirror a new one in the route, then list it",
						request.getMethod(), request.getRequestURI())
				.containsExactlyElementsOf(MIRRORED_FILTERS);
		}
	}

	@Test
	void theChainWouldAuthorizeEveryAuthenticatedCallerAndNoAnonymousOneAsTheRouteDoes() {
		for (HttpServletRequest request : routed()) {
			String method = request.getMethod() + " " + request.getRequestURI();
			AuthorizationManager<HttpServletRequest> rules = authorizationFilter(request).getAuthorizationManager();

			assertThat(granted(rules, anonymous(), request)).as("%s anonymous", method).isFalse();
			for (String role : List.of("ROLE_USER", "ROLE_ADMIN", "ROLE_OTHER")) {
				assertThat(granted(rules, caller(role), request)).as("%s %s", method, role).isTrue();
			}
			assertThat(granted(rules, caller(), request)).as("%s without a role", method).isTrue();
		}
	}

	private SecurityFilterChain chainFor(HttpServletRequest request) {
		List<SecurityFilterChain> matching = this.chains.stream().filter((chain) -> chain.matches(request)).toList();
		assertThat(matching).as("chains for " + request.getMethod()).isNotEmpty();
		return matching.get(0);
	}

	private AuthorizationFilter authorizationFilter(HttpServletRequest request) {
		List<Filter> filters = chainFor(request).getFilters();
		return filters.stream()
			.filter(AuthorizationFilter.class::isInstance)
			.map(AuthorizationFilter.class::cast)
			.findFirst()
			.orElseThrow();
	}

	private static boolean granted(AuthorizationManager<HttpServletRequest> rules, Authentication caller,
			HttpServletRequest request) {
		Supplier<Authentication> authentication = () -> caller;
		AuthorizationResult result = rules.authorize(authentication, request);
		// no decision lets the request through, as AuthorizationFilter reads it
		return result == null || result.isGranted();
	}

	private static Authentication anonymous() {
		return new AnonymousAuthenticationToken("key", "anonymousUser",
				AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS"));
	}

	private static Authentication caller(String... roles) {
		Jwt jwt = Jwt.withTokenValue("token").header("alg", "HS256").subject("7").build();
		return new JwtAuthenticationToken(jwt, AuthorityUtils.createAuthorityList(roles));
	}

	/** The requests the routes answer: the booking path's methods, and a place's read. */
	private static List<HttpServletRequest> routed() {
		List<HttpServletRequest> requests = new ArrayList<>();
		for (String method : RequestChecks.FIREWALL_METHODS) {
			MockHttpServletRequest request = new MockHttpServletRequest(method, "/api/events/42/bookings");
			request.setContentType("application/json");
			requests.add(request);
		}
		requests.add(new MockHttpServletRequest("GET", "/api/events/42/queue/3f2c8a4e-1b7d-4c55-9a0e-6d1f2b3c4d5e"));
		return requests;
	}

}
