package io.minitickets.api.web;

import java.io.IOException;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Failures;
import io.minitickets.api.problem.ProblemWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * How a route that answers its requests itself, ahead of Spring Security's filter chain and Spring MVC (the booking
 * route, a place's position read), runs each request: timed and traced ({@link RouteObservation}); an unexpected
 * failure answered with the problem Spring MVC's error handling gave it ({@link Failures}: 503 for Postgres
 * unreachable, else 500) and recorded with its exception; a request whose body never arrived ({@link BodyNotReceived})
 * answered nothing and recorded as such.
 */
public final class ObservedRoute {

	private final RouteObservation observation;

	private final ProblemWriter problemWriter;

	/**
	 * @param observation the route's timers and spans
	 * @param problemWriter writes problems as the API's error handling does
	 */
	public ObservedRoute(RouteObservation observation, ProblemWriter problemWriter) {
		this.observation = observation;
		this.problemWriter = problemWriter;
	}

	/**
	 * Answers a request, timing and tracing it: the span is in scope while {@code answer} runs.
	 * @param request the request
	 * @param response its response
	 * @param answer writes the answer; a problem it answers itself ({@link #write}) is no failure
	 * @throws IOException when the answer cannot be written
	 */
	public void serve(HttpServletRequest request, HttpServletResponse response, Answer answer) throws IOException {
		long start = System.nanoTime();
		Span span = this.observation.start(request);
		RuntimeException failure = null;
		IOException abort = null;
		try (Tracer.SpanInScope scope = this.observation.scope(span)) {
			answer.write();
		}
		catch (BodyNotReceived ex) {
			// the client went away (or the connection broke) while sending its body: there is no one to answer
			abort = ex.getCause();
		}
		catch (RuntimeException ex) {
			failure = ex;
			write(request, response, Failures.problem(ex));
		}
		finally {
			if (abort != null) {
				this.observation.aborted(span, start, request.getMethod(), abort);
			}
			else {
				this.observation.stop(span, start, request.getMethod(), response.getStatus(), failure);
			}
		}
	}

	/**
	 * Answers a problem, unless something was answered already.
	 * @param request the request
	 * @param response its response
	 * @param problem the problem
	 * @throws IOException when it cannot be written
	 */
	public void write(HttpServletRequest request, HttpServletResponse response, ApiException problem)
			throws IOException {
		if (!response.isCommitted()) {
			this.problemWriter.write(request, response, problem);
		}
	}

	/** Writes a route's answer. */
	@FunctionalInterface
	public interface Answer {

		/**
		 * @throws IOException when the answer cannot be written
		 * @throws BodyNotReceived when the request's body could not be read
		 */
		void write() throws IOException;

	}

	/** The request's body could not be read from its connection: the client aborted or the connection broke. */
	public static final class BodyNotReceived extends RuntimeException {

		/**
		 * @param cause what reading the body threw
		 */
		public BodyNotReceived(IOException cause) {
			super(cause.getMessage(), cause, false, false);
		}

		@Override
		public synchronized IOException getCause() {
			return (IOException) super.getCause();
		}

	}

}
