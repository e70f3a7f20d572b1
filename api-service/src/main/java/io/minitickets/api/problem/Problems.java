package io.minitickets.api.problem;

import io.minitickets.core.problem.ProblemTypes;
import org.springframework.http.HttpStatus;

/**
 * The problems every feature answers alike.
 */
public final class Problems {

	private Problems() {
	}

	/**
	 * @param detail what is wrong with the request
	 * @return a 400
	 */
	public static ApiException badRequest(String detail) {
		return new ApiException(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, "Invalid request", detail, null);
	}

	/**
	 * @param limitBytes the largest body accepted, in bytes
	 * @return a 413
	 */
	public static ApiException tooLarge(long limitBytes) {
		return new ApiException(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.TOO_LARGE, "Request too large",
				"The request body is larger than " + limitBytes + " bytes.", null);
	}

	/**
	 * @param detail what was not found; never says whether it exists for someone else
	 * @return a 404
	 */
	public static ApiException notFound(String detail) {
		return new ApiException(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Not found", detail, null);
	}

	/**
	 * @param detail what already exists
	 * @return a 409
	 */
	public static ApiException conflict(String detail) {
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.CONFLICT, "Conflict", detail, null);
	}

	/**
	 * @param detail what cannot answer now
	 * @param retryAfterSeconds whole seconds, at least 1
	 * @return a 503 with Retry-After
	 */
	public static ApiException unavailable(String detail, long retryAfterSeconds) {
		return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.UNAVAILABLE, "Service unavailable", detail,
				Math.max(1, retryAfterSeconds));
	}

}
