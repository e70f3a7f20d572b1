package io.minitickets.api.problem;

import java.net.URI;

import io.minitickets.core.problem.ProblemTypes;

/**
 * The problem type of a status that has no more specific cause.
 */
final class ProblemTypesByStatus {

	private ProblemTypesByStatus() {
	}

	static URI of(int status) {
		return switch (status) {
			case 400 -> ProblemTypes.INVALID_REQUEST;
			case 401 -> ProblemTypes.UNAUTHORIZED;
			case 403 -> ProblemTypes.FORBIDDEN;
			case 404 -> ProblemTypes.NOT_FOUND;
			case 405, 406, 415, 501, 505 -> ProblemTypes.UNSUPPORTED;
			case 413 -> ProblemTypes.TOO_LARGE;
			case 503 -> ProblemTypes.UNAVAILABLE;
			default -> (status >= 400 && status < 500) ? ProblemTypes.INVALID_REQUEST : ProblemTypes.INTERNAL;
		};
	}

}
