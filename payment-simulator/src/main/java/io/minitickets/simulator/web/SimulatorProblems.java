package io.minitickets.simulator.web;

import java.net.URI;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * The {@code type} of every problem the simulator answers: the URI the services give the same status
 * (booking-core's {@code ProblemTypes}, repeated here because the simulator runs without booking-core), so that a
 * client switches on one vocabulary whichever of them answered.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a>
 */
public final class SimulatorProblems {

	private static final String BASE = "https://minitickets.dev/problems/";

	private SimulatorProblems() {
	}

	/**
	 * @param status the HTTP status
	 * @param detail what happened to this request
	 * @return a problem of the status's reason as title and the status's type
	 */
	public static ProblemDetail of(HttpStatus status, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(typeOf(status.value()));
		return problem;
	}

	/**
	 * @param status an HTTP error status
	 * @return the problem type of the status
	 */
	public static URI typeOf(int status) {
		return URI.create(BASE + switch (status) {
			case 401 -> "unauthorized";
			case 403 -> "forbidden";
			case 404 -> "not-found";
			case 405, 406, 415, 501, 505 -> "unsupported";
			case 409 -> "conflict";
			case 413 -> "too-large";
			case 503 -> "unavailable";
			default -> (status >= 400 && status < 500) ? "invalid-request" : "internal";
		});
	}

}
