package io.minitickets.api.problem;

import java.net.URI;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.minitickets.core.problem.ProblemTypes;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error the API answers is an RFC 9457 problem with a stable type and a precise detail; never a stack trace,
 * never a 500 for a client's mistake.
 */
@RestControllerAdvice
class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

	/** An integer in decimal digits: one that fails to convert is past its type's range. */
	private static final Pattern DECIMAL_INTEGER = Pattern.compile("-?[0-9]+");

	@ExceptionHandler(ApiException.class)
	ResponseEntity<ProblemDetail> handleApiException(ApiException ex) {
		ProblemDetail problem = ex.toProblemDetail(currentPath());
		HttpHeaders headers = new HttpHeaders();
		if (ex.getRetryAfterSeconds() != null) {
			headers.set(HttpHeaders.RETRY_AFTER, Long.toString(ex.getRetryAfterSeconds()));
		}
		ex.getHeaders().forEach(headers::set);
		return ResponseEntity.status(ex.getStatus()).headers(headers).body(problem);
	}

	/**
	 * A parameter that does not convert to its type; a parameter sent more than once ({@code ?page=0&page=1}) is
	 * named as such, not by the array it was read into.
	 */
	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ResponseEntity<ProblemDetail> handleTypeMismatch(MethodArgumentTypeMismatchException ex) {
		if (ex.getValue() instanceof Object[] values && values.length > 1) {
			return handleApiException(Problems.repeatedParameter(ex.getName(), values.length));
		}
		Class<?> required = ex.getRequiredType();
		String value = String.valueOf(ex.getValue());
		String expected = (required != null) ? UnreadableBodies.expectedType(required) : "a value of another type";
		if ("an integer".equals(expected) && DECIMAL_INTEGER.matcher(value.strip()).matches()) {
			expected = integerRange(required, ex.getParameter());
		}
		return handleApiException(
				Problems.badRequest("'" + ex.getName() + "' must be " + expected + ", not '" + Problems.echo(value)
						+ "'."));
	}

	/**
	 * What an integer parameter takes, for one written in decimal digits past the range of its type: "an integer from
	 * 0 to 2147483647", narrowed by its {@link Min} and {@link Max}.
	 */
	private static String integerRange(@Nullable Class<?> type, MethodParameter parameter) {
		boolean isInt = type == int.class || type == Integer.class;
		long min = isInt ? Integer.MIN_VALUE : Long.MIN_VALUE;
		long max = isInt ? Integer.MAX_VALUE : Long.MAX_VALUE;
		Min atLeast = parameter.getParameterAnnotation(Min.class);
		Max atMost = parameter.getParameterAnnotation(Max.class);
		return "an integer from " + ((atLeast != null) ? Math.max(min, atLeast.value()) : min) + " to "
				+ ((atMost != null) ? Math.min(max, atMost.value()) : max);
	}

	@ExceptionHandler({ DataAccessResourceFailureException.class, TransientDataAccessException.class,
			RecoverableDataAccessException.class })
	ResponseEntity<ProblemDetail> handleDatabaseUnavailable(DataAccessException ex) {
		return handleApiException(Failures.problem(ex));
	}

	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<ProblemDetail> handleInvalidParameters(InvalidParameterException ex) {
		return handleApiException(Problems.badRequest(
				"The request's parameters cannot be read: more than the server accepts (1,000) or malformed."));
	}

	@ExceptionHandler(RequestRejectedException.class)
	ResponseEntity<ProblemDetail> handleRejectedRequest(RequestRejectedException ex) {
		return handleApiException(Problems.firewallRejected(ex.getMessage()));
	}

	@ExceptionHandler(InvalidMediaTypeException.class)
	ResponseEntity<ProblemDetail> handleInvalidMediaType(InvalidMediaTypeException ex) {
		return handleApiException(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED,
				"Unsupported media type", "The Content-Type or Accept header is not a valid media type.", null));
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> handleUnexpected(Exception ex) {
		return handleApiException(Failures.problem(ex));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return toEntity(UnreadableBodies.problem(ex));
	}

	/**
	 * A body Spring MVC cannot read: without {@code Content-Type} it is said as the booking route says it
	 * ({@link Problems#NO_CONTENT_TYPE}), not as the {@code application/octet-stream} Spring MVC assumed; with the
	 * {@code Accept} header naming the types read, as before.
	 */
	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		if (request.getHeader(HttpHeaders.CONTENT_TYPE) == null) {
			ex.getBody().setDetail(Problems.NO_CONTENT_TYPE);
		}
		return super.handleHttpMediaTypeNotSupported(ex, headers, status, request);
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return toEntity(Problems.notFound("No such resource: /" + Problems.echo(ex.getResourcePath()) + "."));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		String detail = ex.getBindingResult()
			.getFieldErrors()
			.stream()
			.map((error) -> "'" + error.getField() + "' " + error.getDefaultMessage())
			.sorted()
			.collect(Collectors.joining("; "));
		return toEntity(Problems.badRequest(detail.isEmpty() ? "The request body is invalid." : detail + "."));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHandlerMethodValidationException(
			HandlerMethodValidationException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		String detail = ex.getParameterValidationResults()
			.stream()
			.flatMap((result) -> result.getResolvableErrors()
				.stream()
				.map((error) -> "'" + result.getMethodParameter().getParameterName() + "' "
						+ error.getDefaultMessage()))
			.sorted()
			.collect(Collectors.joining("; "));
		return toEntity(Problems.badRequest(detail.isEmpty() ? "A parameter is invalid." : detail + "."));
	}

	/**
	 * Spring MVC's own errors (405, 406, 415, a missing parameter...) get our type and title for their status: their
	 * body is built in {@code super} (from the exception when {@code body} is null), so it is completed afterwards.
	 */
	@Override
	protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body,
			HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
		ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
		if (response != null && response.getBody() instanceof ProblemDetail problem
				&& (problem.getType() == null || URI.create("about:blank").equals(problem.getType()))) {
			problem.setType(Problems.typeOf(statusCode.value()));
			problem.setTitle(Problems.titleOf(statusCode.value()));
		}
		return response;
	}

	/**
	 * The current request's path, as Spring MVC's own problems give it in {@code instance}; null outside a request.
	 */
	private static @Nullable URI currentPath() {
		return (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)
				? ProblemWriter.instance(attributes.getRequest()) : null;
	}

	@SuppressWarnings("unchecked")
	private ResponseEntity<Object> toEntity(ApiException ex) {
		return (ResponseEntity<Object>) (ResponseEntity<?>) handleApiException(ex);
	}

}
