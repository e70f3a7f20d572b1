package io.minitickets.api.problem;

import java.net.URI;
import java.util.stream.Collectors;

import io.minitickets.core.problem.ProblemTypes;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Every error the API answers is an RFC 9457 problem with a stable type and a precise detail; never a stack trace,
 * never a 500 for a client's mistake.
 */
@RestControllerAdvice
class ProblemDetailsAdvice extends ResponseEntityExceptionHandler {

	private static final Logger logger = LoggerFactory.getLogger(ProblemDetailsAdvice.class);

	private static final long DATABASE_RETRY_AFTER_SECONDS = 2;

	@ExceptionHandler(ApiException.class)
	ResponseEntity<ProblemDetail> handleApiException(ApiException ex) {
		ProblemDetail problem = ex.toProblemDetail(currentPath());
		HttpHeaders headers = new HttpHeaders();
		if (ex.getRetryAfterSeconds() != null) {
			headers.set(HttpHeaders.RETRY_AFTER, Long.toString(ex.getRetryAfterSeconds()));
		}
		return ResponseEntity.status(ex.getStatus()).headers(headers).body(problem);
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ResponseEntity<ProblemDetail> handleTypeMismatch(MethodArgumentTypeMismatchException ex) {
		Class<?> required = ex.getRequiredType();
		String expected = (required != null) ? required.getSimpleName() : "another type";
		return handleApiException(Problems.badRequest("'" + ex.getName() + "' must be a valid " + expected
				.toLowerCase() + ", not '" + ex.getValue() + "'."));
	}

	@ExceptionHandler({ DataAccessResourceFailureException.class, TransientDataAccessException.class,
			RecoverableDataAccessException.class })
	ResponseEntity<ProblemDetail> handleDatabaseUnavailable(DataAccessException ex) {
		logger.warn("Postgres cannot answer: {}", ex.getMostSpecificCause().toString());
		return handleApiException(Problems.unavailable("The database cannot answer right now; nothing was accepted.",
				DATABASE_RETRY_AFTER_SECONDS));
	}

	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<ProblemDetail> handleInvalidParameters(InvalidParameterException ex) {
		return handleApiException(Problems.badRequest(
				"The request's parameters cannot be read: more than the server accepts (1,000) or malformed."));
	}

	@ExceptionHandler(RequestRejectedException.class)
	ResponseEntity<ProblemDetail> handleRejectedRequest(RequestRejectedException ex) {
		return handleApiException(Problems.badRequest(
				"A header or the path holds characters that are not allowed (control or non-ASCII characters)."));
	}

	@ExceptionHandler(InvalidMediaTypeException.class)
	ResponseEntity<ProblemDetail> handleInvalidMediaType(InvalidMediaTypeException ex) {
		return handleApiException(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED,
				"Unsupported media type", "The Content-Type or Accept header is not a valid media type.", null));
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> handleUnexpected(Exception ex) {
		logger.error("Unexpected failure", ex);
		return handleApiException(
				Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "Something failed on our side; nothing was accepted."));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		RejectedBodyException rejected = findCause(ex, RejectedBodyException.class);
		if (rejected != null) {
			return toEntity(rejected.problem());
		}
		return toEntity(Problems.badRequest(describe(ex)));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return toEntity(Problems.notFound("No such resource: /" + ex.getResourcePath() + "."));
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

	private static String describe(HttpMessageNotReadableException ex) {
		if (findCause(ex, InputCoercionException.class) != null) {
			return "A number in the request body is out of range.";
		}
		MismatchedInputException mismatch = findCause(ex, MismatchedInputException.class);
		if (mismatch != null && mismatch.getPath().isEmpty()) {
			return "The request body must be a JSON object.";
		}
		if (mismatch != null) {
			String field = mismatch.getPath()
				.stream()
				.map((ref) -> (ref.getPropertyName() != null) ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
				.collect(Collectors.joining("."));
			Class<?> target = mismatch.getTargetType();
			String expected = (target != null) ? expectedType(target) : "a value of another type";
			return "'" + field + "' must be " + expected + ".";
		}
		JacksonException json = findCause(ex, JacksonException.class);
		if (json != null) {
			return invalidJson(json);
		}
		return "The request body is missing or unreadable.";
	}

	/**
	 * Where the body stops being JSON, without the parser's own message: that names its classes and features
	 * ({@code JsonReadFeature...}, {@code StreamReadConstraints...}), which mean nothing to a client.
	 */
	private static String invalidJson(JacksonException json) {
		String message = String.valueOf(json.getOriginalMessage());
		if (message.startsWith("Duplicate Object property")) {
			return "The request body names a property twice: " + message.substring("Duplicate Object ".length())
					+ ".";
		}
		TokenStreamLocation location = json.getLocation();
		return (location != null && location.getLineNr() > 0)
				? "The request body is not valid JSON (line " + location.getLineNr() + ", column "
						+ location.getColumnNr() + ")."
				: "The request body is not valid JSON.";
	}

	private static String expectedType(Class<?> target) {
		if (target == int.class || target == Integer.class || target == long.class || target == Long.class) {
			return "an integer";
		}
		if (target == String.class) {
			return "a string";
		}
		if (target == java.time.Instant.class) {
			return "an ISO-8601 instant such as 2026-12-01T10:00:00Z";
		}
		if (target == boolean.class || target == Boolean.class) {
			return "true or false";
		}
		return "a " + target.getSimpleName();
	}

	private static <T extends Throwable> @Nullable T findCause(Throwable ex, Class<T> type) {
		for (Throwable current = ex; current != null; current = current.getCause()) {
			if (type.isInstance(current)) {
				return type.cast(current);
			}
			if (current.getCause() == current) {
				break;
			}
		}
		return null;
	}

}
