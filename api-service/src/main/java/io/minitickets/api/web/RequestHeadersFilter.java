package io.minitickets.api.web;

import java.io.IOException;
import java.util.Enumeration;
import java.util.List;

import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.problem.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
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

	private static final List<String> READ_HEADERS = List.of(HttpHeaders.AUTHORIZATION, "Idempotency-Key",
			"X-Forwarded-For");

	private final ProblemWriter problemWriter;

	RequestHeadersFilter(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		for (String name : READ_HEADERS) {
			Enumeration<String> values = request.getHeaders(name);
			int count = 0;
			while (values.hasMoreElements()) {
				count++;
				if (!Utf8Validator.isWellFormed(values.nextElement())) {
					this.problemWriter.write(request, response,
							Problems.badRequest("The " + name + " header is not well-formed UTF-8."));
					return;
				}
			}
			if (count > 1 && name.equals(HttpHeaders.AUTHORIZATION)) {
				this.problemWriter.write(request, response, Problems
					.badRequest("Send one Authorization header; this request has " + count + "."));
				return;
			}
		}
		chain.doFilter(request, response);
	}

}
