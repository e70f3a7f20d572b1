package io.minitickets.api.payment;

import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/payments/webhook}: the payment provider's webhooks, authenticated by their signature, not by a
 * Bearer token. 200 once recorded (or ignored), with an empty body; refusals are problem+json.
 */
@RestController
class WebhookController {

	/** The header Stripe (and the simulator) sign with. */
	static final String SIGNATURE_HEADER = "Stripe-Signature";

	private final Webhooks webhooks;

	WebhookController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@PostMapping("/api/payments/webhook")
	void receive(@RequestBody byte[] payload,
			@RequestHeader(name = SIGNATURE_HEADER, required = false) @Nullable String signature) {
		this.webhooks.receive(payload, signature);
	}

}
