package io.minitickets.api.problem;

import java.io.IOException;

/**
 * A request body refused while it was being read (too large, not UTF-8). It is an {@link IOException} so that it
 * passes through the JSON parser that was reading; {@link ProblemDetailsAdvice} then answers the problem it carries.
 */
public class RejectedBodyException extends IOException {

	private final ApiException problem;

	/**
	 * @param problem what to answer
	 */
	public RejectedBodyException(ApiException problem) {
		super(problem.getMessage(), null);
		this.problem = problem;
	}

	/**
	 * @return what to answer
	 */
	public ApiException problem() {
		return this.problem;
	}

}
