package io.minitickets.api.system;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
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
	 * @param response where to write
	 * @param problem what to write
	 * @throws IOException when the response cannot be written
	 */
	public void write(HttpServletResponse response, ApiException problem) throws IOException {
		ProblemDetail body = ProblemDetail.forStatusAndDetail(problem.getStatus(), problem.getMessage());
		body.setType(problem.getType());
		body.setTitle(problem.getTitle());
		problem.getProperties().forEach(body::setProperty);
		response.setStatus(problem.getStatus().value());
		if (problem.getRetryAfterSeconds() != null) {
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(problem.getRetryAfterSeconds()));
		}
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		this.jsonMapper.writeValue(response.getOutputStream(), body);
	}

}
