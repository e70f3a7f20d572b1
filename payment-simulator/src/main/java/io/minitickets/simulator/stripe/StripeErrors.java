package io.minitickets.simulator.stripe;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a refused Stripe API request with Stripe's error shape, which stripe-java reads into its exceptions.
 */
@RestControllerAdvice(annotations = StripeApi.class)
class StripeErrors {

	@ExceptionHandler(StripeRequestException.class)
	ResponseEntity<Map<String, Object>> refused(StripeRequestException ex) {
		return ResponseEntity.status(ex.status()).body(body(ex));
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
