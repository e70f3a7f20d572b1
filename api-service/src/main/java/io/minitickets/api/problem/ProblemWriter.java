package io.minitickets.api.problem;

import java.io.IOException;
import java.net.URI;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a problem straight to a servlet response, for filters and security handlers that run outside Spring MVC.
 */
@Component
public class ProblemWriter {

	private final JsonMapper jsonMapper;

	ProblemWriter(JsonMapper jsonMapper) {
		this.jsonMapper = jsonMapper;
	}

	/**
	 * @param request the request answered; its path is the problem's {@code instance}
	 * @param response where to write
	 * @param problem what to write
	 * @throws IOException when the response cannot be written
	 */
	public void write(HttpServletRequest request, HttpServletResponse response, ApiException problem)
			throws IOException {
		ProblemDetail body = problem.toProblemDetail(instance(request));
		response.setStatus(problem.getStatus().value());
		if (problem.getRetryAfterSeconds() != null) {
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(problem.getRetryAfterSeconds()));
		}
		problem.getHeaders().forEach(response::setHeader);
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		this.jsonMapper.writeValue(response.getOutputStream(), body);
	}

	/**
	 * @param request the request answered
	 * @return its path, a problem's {@code instance} as Spring MVC gives it; null when it is not a valid URI
	 */
	static @Nullable URI instance(HttpServletRequest request) {
		return instance(request.getRequestURI());
	}

	/**
	 * @param path a request's path
	 * @return it as a problem's {@code instance}; null when it is not a valid URI
	 */
	static @Nullable URI instance(String path) {
		try {
			return URI.create(path);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

}
