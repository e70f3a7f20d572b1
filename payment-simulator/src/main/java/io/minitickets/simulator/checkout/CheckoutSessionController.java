package io.minitickets.simulator.checkout;

import java.net.URI;
import java.util.Map;

import io.minitickets.simulator.stripe.FormParams;
import io.minitickets.simulator.stripe.IdempotencyKeys;
import io.minitickets.simulator.stripe.StripeApi;
import io.minitickets.simulator.stripe.StripeRequestException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Stripe's {@code POST /v1/checkout/sessions} and {@code GET /v1/checkout/sessions/{id}}.
 *
 * @see <a href="https://docs.stripe.com/api/checkout/sessions">Stripe: Checkout Sessions</a>
 */
@RestController
@StripeApi
class CheckoutSessionController {

	private final CheckoutSessions sessions;

	private final IdempotencyKeys idempotency;

	CheckoutSessionController(CheckoutSessions sessions, IdempotencyKeys idempotency) {
		this.sessions = sessions;
		this.idempotency = idempotency;
	}

	@PostMapping(path = "/v1/checkout/sessions", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	Map<String, Object> create(@RequestParam MultiValueMap<String, String> params,
			@RequestHeader(name = "Idempotency-Key", required = false) @Nullable String idempotencyKey) {
		URI base = ServletUriComponentsBuilder.fromCurrentContextPath().build().toUri();
		String id = this.idempotency.once(idempotencyKey, "/v1/checkout/sessions", params,
				() -> this.sessions.create(new FormParams(params), base).id());
		return retrieve(id);
	}

	@GetMapping("/v1/checkout/sessions/{id}")
	Map<String, Object> retrieve(@PathVariable String id) {
		return this.sessions.find(id)
			.orElseThrow(() -> StripeRequestException.missing("checkout.session", id))
			.toJson(this.sessions.now());
	}

}
