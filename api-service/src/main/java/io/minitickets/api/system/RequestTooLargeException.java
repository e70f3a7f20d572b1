package io.minitickets.api.system;

import java.io.IOException;

import io.minitickets.core.problem.ProblemTypes;
import org.springframework.http.HttpStatus;

/**
 * A request body went past the size limit while it was being read.
 */
class RequestTooLargeException extends IOException {

	private final long limitBytes;

	RequestTooLargeException(long limitBytes) {
		super("request body larger than " + limitBytes + " bytes");
		this.limitBytes = limitBytes;
	}

	ApiException problem() {
		return new ApiException(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.TOO_LARGE, "Request too large",
				"The request body is larger than " + this.limitBytes + " bytes.", null);
	}

}
