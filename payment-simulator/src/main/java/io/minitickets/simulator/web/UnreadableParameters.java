package io.minitickets.simulator.web;

import org.apache.tomcat.util.http.InvalidParameterException;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Parameters Tomcat cannot decode (a query such as {@code ?bookingId=%zz}, a form past its limits) on the control API
 * and the checkout page: a 400 problem+json, not Spring's default error body. The Stripe API's own advice, ordered
 * before this one, answers its requests in Stripe's error shape.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class UnreadableParameters {

	/**
	 * @param ex Tomcat's refusal to parse the parameters
	 * @return 400 problem+json saying what is wrong
	 */
	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<ProblemDetail> unreadable(InvalidParameterException ex) {
		ProblemDetail problem = SimulatorProblems.of(HttpStatus.BAD_REQUEST,
				"The request's parameters cannot be read: a broken percent-escape (a % must be followed by two hex "
						+ "digits) or too many parameters.");
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
