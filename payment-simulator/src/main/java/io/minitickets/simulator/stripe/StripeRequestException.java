package io.minitickets.simulator.stripe;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * A request the simulator refuses the way Stripe would, answered as {@code {"error": {type, code, message, param}}}
 * with the status stripe-java turns into its exception types (400 {@code InvalidRequestException}, 401
 * {@code AuthenticationException}, 404 {@code InvalidRequestException} with code {@code resource_missing}).
 */
public class StripeRequestException extends RuntimeException {

	private final HttpStatus status;

	private final String type;

	private final @Nullable String code;

	private final @Nullable String param;

	/**
	 * @param status the HTTP status
	 * @param type Stripe's error type, for example {@code invalid_request_error} or {@code idempotency_error}
	 * @param code Stripe's error code, for example {@code resource_missing}; null when none
	 * @param param the parameter at fault; null when none
	 * @param message the human-readable message
	 */
	public StripeRequestException(HttpStatus status, String type, @Nullable String code, @Nullable String param,
			String message) {
		super(message);
		this.status = status;
		this.type = type;
		this.code = code;
		this.param = param;
	}

	/**
	 * @param param the parameter at fault
	 * @param message what is wrong with it
	 * @return a 400 {@code invalid_request_error}
	 */
	public static StripeRequestException invalid(String param, String message) {
		return new StripeRequestException(HttpStatus.BAD_REQUEST, "invalid_request_error", null, param, message);
	}

	/**
	 * @param object Stripe's object name, for example {@code checkout.session}
	 * @param id the id asked for
	 * @return a 404 {@code resource_missing}
	 */
	public static StripeRequestException missing(String object, String id) {
		return new StripeRequestException(HttpStatus.NOT_FOUND, "invalid_request_error", "resource_missing", "id",
				"No such " + object + ": '" + id + "'");
	}

	HttpStatus status() {
		return this.status;
	}

	String type() {
		return this.type;
	}

	@Nullable String code() {
		return this.code;
	}

	@Nullable String param() {
		return this.param;
	}

}
