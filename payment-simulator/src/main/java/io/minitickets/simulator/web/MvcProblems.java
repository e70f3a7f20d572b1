package io.minitickets.simulator.web;

import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Spring MVC's own refusals (an unknown path, a method or media type a route does not take, a missing parameter) as
 * problem+json with the {@link SimulatorProblems#typeOf type} of their status; a body sent without
 * {@code Content-Type} is told so, not "Content-Type 'null' is not supported".
 */
@RestControllerAdvice
class MvcProblems extends ResponseEntityExceptionHandler {

	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		if (request.getHeader(HttpHeaders.CONTENT_TYPE) == null) {
			ex.getBody()
				.setDetail("No Content-Type header was sent: send the body as " + ex.getSupportedMediaTypes()
					.stream()
					.map(MediaType::toString)
					.collect(Collectors.joining(" or ")) + ".");
		}
		return super.handleHttpMediaTypeNotSupported(ex, headers, status, request);
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body,
			HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
		ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
		if (response != null && response.getBody() instanceof ProblemDetail problem && problem.getType() == null) {
			problem.setType(SimulatorProblems.typeOf(statusCode.value()));
		}
		return response;
	}

}
