package io.minitickets.api.web;

import java.io.IOException;

import io.minitickets.api.problem.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses with 406 a request to an {@code /api} endpoint whose {@code Accept} gives JSON quality 0
 * ({@link JsonAcceptance}), after Spring Security's filter chain (401 and 403 come first) and before Spring MVC runs
 * anything. Spring MVC matched the endpoints' {@code produces} ignoring quality, so {@code application/json;q=0} and
 * {@code text/plain, *}{@code /*;q=0} were answered JSON, and it answered an {@code Accept} it could not parse with a
 * 406 without a body. The booking route makes the same check itself, in its own order.
 */
@Component
@Order(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 1)
class JsonAcceptanceFilter extends OncePerRequestFilter {

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
		if (JsonAcceptance.acceptsJson(request)) {
			chain.doFilter(request, response);
			return;
		}
		this.problemWriter.write(request, response, JsonAcceptance.notAcceptable());
	}

}
