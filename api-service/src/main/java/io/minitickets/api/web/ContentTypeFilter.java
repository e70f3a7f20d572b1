package io.minitickets.api.web;

import java.io.IOException;

import io.minitickets.api.problem.ApiException;
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
 * Refuses a request that sends {@code Content-Type} twice with 400 ({@link RequestChecks#contentTypeOnce}), and a JSON
 * body declared in a charset other than UTF-8 with 415 ({@link RequestChecks#jsonCharset}), after
 * Spring Security's filter chain (401 and 403 come first) and before Spring MVC reads anything: Spring MVC decoded the
 * body in the declared charset, so UTF-8 declared as ISO-8859-1 was stored garbled and UTF-8 declared as UTF-16 was
 * read as other text. The booking route makes the same check itself.
 */
@Component
@Order(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 2)
class ContentTypeFilter extends OncePerRequestFilter {

	private final ProblemWriter problemWriter;

	ContentTypeFilter(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		ApiException problem = RequestChecks.contentTypeOnce(request);
		if (problem == null) {
			problem = RequestChecks.jsonCharset(request);
		}
		if (problem != null) {
			this.problemWriter.write(request, response, problem);
			return;
		}
		chain.doFilter(request, response);
	}

}
