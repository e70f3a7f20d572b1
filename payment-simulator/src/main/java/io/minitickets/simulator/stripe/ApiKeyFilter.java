package io.minitickets.simulator.stripe;

import java.io.IOException;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;

import io.minitickets.simulator.SimulatorProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lets a Stripe API request ({@code /v1/...}) through only with {@code Authorization: Bearer <api key>}; otherwise
 * 401 in Stripe's error shape (stripe-java raises {@code AuthenticationException}). The control API and the checkout
 * page are open: they stand for the customer's browser and the test harness.
 */
@Component
class ApiKeyFilter extends OncePerRequestFilter {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final byte[] expected;

	ApiKeyFilter(SimulatorProperties properties) {
		this.expected = ("Bearer " + properties.apiKey()).getBytes(StandardCharsets.UTF_8);
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !request.getRequestURI().startsWith("/v1/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String authorization = request.getHeader("Authorization");
		if (authorization != null
				&& MessageDigest.isEqual(this.expected, authorization.getBytes(StandardCharsets.UTF_8))) {
			chain.doFilter(request, response);
			return;
		}
		StripeRequestException refused = new StripeRequestException(HttpStatus.UNAUTHORIZED, "invalid_request_error",
				null, null, "Invalid API Key provided");
		response.setStatus(HttpStatus.UNAUTHORIZED.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getOutputStream().write(JSON.writeValueAsBytes(StripeErrors.body(refused)));
	}

}
