package io.minitickets.api.security;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.auth.AuthProperties;
import io.minitickets.api.auth.VerifiedTokenCache;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.security.AccessTokenProperties;
import io.minitickets.core.security.AccessTokens;
import io.minitickets.api.web.RequestChecks;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.context.WebApplicationContext;

/**
 * Stateless JWT security: login and event reads are public, bookings need a token, administration and the sale-day
 * board's data need role ADMIN.
 * Failures are problems: 401 (with {@code WWW-Authenticate: Bearer}) and 403.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AccessTokenProperties.class)
class SecurityConfiguration {

	@Bean
	AccessTokens accessTokens(AccessTokenProperties properties) {
		return new AccessTokens(properties);
	}

	@Bean
	JwtDecoder jwtDecoder(AccessTokens accessTokens, AuthProperties auth) {
		return new VerifiedTokenCache(accessTokens.decoder(), auth.verifiedTokenCacheSize());
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	/**
	 * No Micrometer observation of each security filter, of the chain and of each authentication and authorization: it
	 * cost more api-service CPU per sold-out booking than the booking's own work (scripts/hotpath-bench; issue 8).
	 * Requests are still observed as a whole ({@code http.server.requests}).
	 * @return settings that observe nothing
	 */
	@Bean
	SecurityObservationSettings securityObservationSettings() {
		return SecurityObservationSettings.noObservations();
	}

	/**
	 * Spring Security's strict firewall, with its header character checks as loops instead of regular expressions
	 * ({@link HeaderCharacters}: same answers, a fraction of the CPU).
	 * @return the firewall
	 */
	@Bean
	HttpFirewall httpFirewall() {
		StrictHttpFirewall firewall = new StrictHttpFirewall();
		firewall.setAllowedHeaderNames(HeaderCharacters::isAllowedName);
		firewall.setAllowedHeaderValues(HeaderCharacters::isAllowedValue);
		return firewall;
	}

	/**
	 * A request the firewall rejects (a character or sequence the path or a header may not hold) is a 400 problem
	 * naming what it found ({@link Problems#firewallRejected}), with the security headers, wherever it is found: the
	 * firewall checks a header when it is first read, which may be after the chain (the {@code Accept} check), and the
	 * error page Spring Security's default sent it to read that header again and answered an empty 400. A method the
	 * firewall does not admit is a 501 naming it.
	 * @param problemWriter writes the problem
	 * @return the handler the filter chain proxy calls for a rejected request
	 */
	@Bean
	RequestRejectedHandler requestRejectedHandler(ProblemWriter problemWriter) {
		return (request, response, ex) -> {
			if (!response.isCommitted()) {
				response.resetBuffer();
				SecurityHeaders.write(request, response);
				problemWriter.write(request, response,
						RequestChecks.FIREWALL_METHODS.contains(request.getMethod())
								? Problems.firewallRejected(ex.getMessage())
								: Problems.unknownMethod(request.getMethod()));
			}
		};
	}

	@Bean
	SecurityFilterChain apiSecurity(HttpSecurity http, ProblemWriter problemWriter, Environment environment,
			WebApplicationContext context) throws Exception {
		AuthenticationEntryPoint unauthorized = (request, response, ex) -> problemWriter.write(request, response,
				BearerAuthenticator.unauthorized());
		AccessDeniedHandler forbidden = (request, response, ex) -> problemWriter.write(request, response,
				new ApiException(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "Forbidden",
						"This needs role ADMIN.", null));
		JwtGrantedAuthoritiesConverter authorities = new JwtGrantedAuthoritiesConverter();
		authorities.setAuthoritiesClaimName(AccessTokens.ROLE_CLAIM);
		authorities.setAuthorityPrefix("ROLE_");
		JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
		converter.setJwtGrantedAuthoritiesConverter(authorities);
		// A stateless token API: no CSRF, no session, no logout, no saved request to replay after a login page, no
		// servlet-API request wrapper; fewer filters run on every request.
		http.csrf((csrf) -> csrf.disable())
			.logout(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.servletApi(AbstractHttpConfigurer::disable)
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			// the public POST endpoints are open to every method, so that another one gets Spring MVC's 405, not a 401
			.authorizeHttpRequests((requests) -> requests.requestMatchers("/api/auth/login")
				.permitAll()
				.requestMatchers(HttpMethod.GET, "/api/events", "/api/events/*")
				.permitAll()
				// the payment provider's: authenticated by its signature (Webhooks), not by a Bearer token
				.requestMatchers("/api/payments/webhook")
				.permitAll()
				.requestMatchers("/actuator/**", "/error")
				.permitAll()
				// a booking's stream opened with a stream ticket (a browser's EventSource sends no Authorization):
				// the controller checks the ticket; a Bearer token, when sent too, is still checked by the chain
				.requestMatchers(streamWithTicket())
				.permitAll()
				// not served here: Spring MVC's 404 for everyone, not a 403 for a user and a 404 for an admin
				.requestMatchers(boardOnTheApiPort(environment, context))
				.permitAll()
				// the sale-day board (management port): its page and log-in are public, its data is not
				.requestMatchers(HttpMethod.GET, "/board", "/board/", "/board/board.js", "/board/board.css")
				.permitAll()
				.requestMatchers(HttpMethod.POST, "/board/login")
				.permitAll()
				.requestMatchers("/board/**")
				.hasRole("ADMIN")
				.requestMatchers("/api/admin/**")
				.hasRole("ADMIN")
				.anyRequest()
				.authenticated())
			.oauth2ResourceServer((resourceServer) -> resourceServer.bearerTokenResolver(new BearerTokenHeader())
				.jwt((jwt) -> jwt.jwtAuthenticationConverter(converter))
				.authenticationEntryPoint(unauthorized)
				.accessDeniedHandler(forbidden))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthorized)
				.accessDeniedHandler(forbidden));
		return http.build();
	}

	/**
	 * {@code GET /api/bookings/{id}/events?ticket=...} and
	 * {@code GET /api/events/{id}/queue/{placeId}/events?ticket=...}: the requests a stream ticket authenticates.
	 * @return the matcher
	 */
	static RequestMatcher streamWithTicket() {
		RequestMatcher events = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.GET, "/api/bookings/*/events");
		RequestMatcher placeEvents = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.GET, "/api/events/*/queue/*/events");
		return (request) -> (events.matches(request) || placeEvents.matches(request))
				&& request.getParameter("ticket") != null;
	}

	/**
	 * The sale-day board's paths on the API's own port, when the board is served on a management port of its own
	 * (the default): nothing is there to protect, so whoever asks gets the same 404. When management shares the API's
	 * port the board is served there and this matches nothing.
	 * @param environment where {@code management.server.port} is read
	 * @param context the API's application context, whose servlet context is the API port's
	 * @return the matcher
	 */
	static RequestMatcher boardOnTheApiPort(Environment environment, WebApplicationContext context) {
		if (ManagementPortType.get(environment) != ManagementPortType.DIFFERENT) {
			return (request) -> false;
		}
		RequestMatcher board = PathPatternRequestMatcher.withDefaults().matcher("/board/**");
		return (request) -> request.getServletContext() == context.getServletContext() && board.matches(request);
	}

}
