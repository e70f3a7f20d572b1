package io.minitickets.api.web;

import java.io.IOException;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.security.SecurityHeaders;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses with 400, before authentication, a request whose headers that the API reads (Authorization,
 * Idempotency-Key, X-Forwarded-For) are not well-formed UTF-8, or that sends Authorization more than once (the
 * resource server would read the first, a proxy or a log perhaps the other). Tomcat hands header bytes over one per
 * char (ISO-8859-1), so the check sees the bytes as sent; an all-ASCII value, the usual case, costs one pass over its
 * chars and no allocation.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class RequestHeadersFilter extends OncePerRequestFilter {

	private final ProblemWriter problemWriter;

	RequestHeadersFilter(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		ApiException problem = RequestChecks.readHeaders(request);
		if (problem != null) {
			// answered before the security chain, with the headers it gives every answer
			SecurityHeaders.write(request, response);
			this.problemWriter.write(request, response, problem);
			return;
		}
		chain.doFilter(request, response);
	}

}
