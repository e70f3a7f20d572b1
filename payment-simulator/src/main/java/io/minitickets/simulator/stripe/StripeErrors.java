package io.minitickets.simulator.stripe;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a refused Stripe API request with Stripe's error shape, which stripe-java reads into its exceptions. Ordered
 * first, so that it, not the control API's problem+json advice, answers the Stripe API's unreadable parameters.
 */
@RestControllerAdvice(annotations = StripeApi.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class StripeErrors {

	@ExceptionHandler(StripeRequestException.class)
	ResponseEntity<Map<String, Object>> refused(StripeRequestException ex) {
		return ResponseEntity.status(ex.status()).body(body(ex));
	}

	/**
	 * A form body Tomcat cannot decode (a broken percent-escape such as {@code %zz}, a parameter past its limits):
	 * Stripe's {@code invalid_request_error}, not the container's error page and a stack trace in the log.
	 * @param ex Tomcat's refusal to parse the parameters
	 * @return 400 in Stripe's error shape
	 */
	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<Map<String, Object>> unreadableForm(InvalidParameterException ex) {
		return refused(new StripeRequestException(HttpStatus.BAD_REQUEST, "invalid_request_error", null, null,
				"The request body is not a valid application/x-www-form-urlencoded form."));
	}

	/**
	 * @param ex the refusal
	 * @return {@code {"error": {"type": …, "code": …, "message": …, "param": …}}}, absent fields left out
	 */
	static Map<String, Object> body(StripeRequestException ex) {
		Map<String, Object> error = new LinkedHashMap<>();
		error.put("type", ex.type());
		if (ex.code() != null) {
			error.put("code", ex.code());
		}
		error.put("message", ex.getMessage());
		if (ex.param() != null) {
			error.put("param", ex.param());
		}
		return Map.of("error", error);
	}

}
