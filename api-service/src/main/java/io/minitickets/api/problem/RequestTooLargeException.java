package io.minitickets.api.problem;

import java.io.IOException;

import io.minitickets.core.problem.ProblemTypes;
import org.springframework.http.HttpStatus;

/**
 * A request body went past the size limit while it was being read; {@link ProblemDetailsAdvice} answers it with 413.
 */
public class RequestTooLargeException extends IOException {

	private final long limitBytes;

	/**
	 * @param limitBytes the largest body accepted, in bytes
	 */
	public RequestTooLargeException(long limitBytes) {
		super("request body larger than " + limitBytes + " bytes");
		this.limitBytes = limitBytes;
	}

	/**
	 * @return the 413 problem that names the limit
	 */
	public ApiException problem() {
		return new ApiException(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.TOO_LARGE, "Request too large",
				"The request body is larger than " + this.limitBytes + " bytes.", null);
	}

}
