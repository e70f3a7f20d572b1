package io.minitickets.api.problem;

import java.net.URI;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers the servlet container's error page ({@code /error}) as a problem too, for failures that happen before
 * Spring MVC sees the request (a request the security firewall rejects, a servlet error). Replaces Boot's
 * {@code BasicErrorController}, whose JSON is not RFC 9457.
 */
@RestController
class ProblemErrorController implements ErrorController {

	@RequestMapping("/error")
	ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
		Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		if (code == null) {
			// Asked for directly, not forwarded to by the container: there is no such resource.
			return answer(Problems.notFound("No such resource: /error."), null);
		}
		HttpStatus status = (code instanceof Integer value) ? HttpStatus.resolve(value) : null;
		if (status == null || !status.isError()) {
			status = HttpStatus.INTERNAL_SERVER_ERROR;
		}
		ApiException problem = status.is4xxClientError() ? Problems.rejectedBeforeTheApi(status)
				: Problems.of(status, "Something failed on our side; nothing was accepted.");
		return answer(problem, (request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String path)
				? ProblemWriter.instance(path) : null);
	}

	private static ResponseEntity<ProblemDetail> answer(ApiException problem, @Nullable URI instance) {
		return ResponseEntity.status(problem.getStatus()).body(problem.toProblemDetail(instance));
	}

}
