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
 * Refuses a request body sent with a {@code Content-Encoding} (gzip, br...) with 415: the API reads bodies as sent,
 * so an encoded body would be read as garbage, and a body labelled encoded but sent plain would be taken on trust.
 * {@code identity} is the absence of an encoding and passes.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ContentEncodingFilter extends OncePerRequestFilter {

	private final ProblemWriter problemWriter;

	ContentEncodingFilter(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		ApiException problem = RequestChecks.contentEncoding(request);
		if (problem != null) {
			// answered before the security chain, with the headers it gives every answer
			SecurityHeaders.write(request, response);
			this.problemWriter.write(request, response, problem);
			return;
		}
		chain.doFilter(request, response);
	}

}
