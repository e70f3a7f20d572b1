package io.minitickets.api.problem;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpStatus;

/**
 * The answer to a failure that is not a client's mistake, logged once: Postgres unreachable or failing transiently is
 * a 503 with Retry-After (a warning), anything else a 500 that names nothing internal (an error, with its stack).
 */
public final class Failures {

	private static final Logger logger = LoggerFactory.getLogger(ProblemDetailsAdvice.class);

	private static final long DATABASE_RETRY_AFTER_SECONDS = 2;

	private Failures() {
	}

	/**
	 * Logs a failure and gives its answer.
	 * @param failure what an endpoint threw, other than an {@link ApiException}
	 * @return 503 when Postgres cannot answer (Retry-After 2 s), else 500
	 */
	public static ApiException problem(Exception failure) {
		if (isDatabaseUnavailable(failure)) {
			logger.warn("Postgres cannot answer: {}", ((DataAccessException) failure).getMostSpecificCause().toString());
			return Problems.unavailable("The database cannot answer right now; nothing was accepted.",
					DATABASE_RETRY_AFTER_SECONDS);
		}
		logger.error("Unexpected failure", failure);
		return Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "Something failed on our side; nothing was accepted.");
	}

	private static boolean isDatabaseUnavailable(Exception failure) {
		return failure instanceof DataAccessResourceFailureException || failure instanceof TransientDataAccessException
				|| failure instanceof RecoverableDataAccessException;
	}

}
