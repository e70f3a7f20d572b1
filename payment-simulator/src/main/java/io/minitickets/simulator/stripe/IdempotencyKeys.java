package io.minitickets.simulator.stripe;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;

/**
 * Stripe's {@code Idempotency-Key}: the first request with a key creates the object, every later one with the same
 * key and parameters gets the same object back; the same key with other parameters or on another endpoint is refused
 * (400 {@code idempotency_error}). Keys are kept for the process's life (Stripe keeps them 24 h).
 *
 * @see <a href="https://docs.stripe.com/api/idempotent_requests">Stripe: idempotent requests</a>
 */
@Component
public class IdempotencyKeys {

	private final Map<String, First> firsts = new ConcurrentHashMap<>();

	/**
	 * Creates the object for a request, or finds the one an earlier request with the same key created.
	 * @param key the request's {@code Idempotency-Key}; null creates a new object every time
	 * @param endpoint the path, for example {@code /v1/refunds}
	 * @param params the form parameters
	 * @param create creates the object and returns its id; runs at most once per key
	 * @return the id of the object the key stands for
	 * @throws StripeRequestException when the key was first used on another endpoint or with other parameters, or
	 * {@code create}'s own refusal
	 */
	public String once(@Nullable String key, String endpoint, MultiValueMap<String, String> params,
			Supplier<String> create) {
		if (key == null || key.isBlank()) {
			return create.get();
		}
		First first = this.firsts.computeIfAbsent(key, (ignored) -> new First(endpoint, params, create.get()));
		if (!first.endpoint().equals(endpoint) || !first.params().equals(params)) {
			throw new StripeRequestException(HttpStatus.BAD_REQUEST, "idempotency_error", null, null,
					"Keys for idempotent requests can only be used with the same parameters they were first used with. "
							+ "Try using a key other than '" + key + "' if you meant to execute a different request.");
		}
		return Objects.requireNonNull(first.objectId());
	}

	private record First(String endpoint, MultiValueMap<String, String> params, String objectId) {
	}

}
