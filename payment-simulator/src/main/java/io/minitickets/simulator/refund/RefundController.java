package io.minitickets.simulator.refund;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.minitickets.simulator.checkout.CheckoutSession;
import io.minitickets.simulator.checkout.CheckoutSessions;
import io.minitickets.simulator.stripe.FormParams;
import io.minitickets.simulator.stripe.IdempotencyKeys;
import io.minitickets.simulator.stripe.StripeApi;
import io.minitickets.simulator.stripe.StripeIds;
import io.minitickets.simulator.stripe.StripeRequestException;
import io.minitickets.simulator.webhook.WebhookDeliverer;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Stripe's {@code POST /v1/refunds} for a paid checkout's payment ({@code payment_intent}): refunds succeed at once
 * and send a signed {@code charge.refunded} webhook. A payment is refunded at most up to what was paid; with the same
 * {@code Idempotency-Key} a retry gets the first refund back and nothing is refunded twice.
 *
 * @see <a href="https://docs.stripe.com/api/refunds/create">Stripe: create a refund</a>
 */
@RestController
@StripeApi
class RefundController {

	private final CheckoutSessions sessions;

	private final IdempotencyKeys idempotency;

	private final WebhookDeliverer webhooks;

	private final Map<String, Map<String, Object>> refunds = new ConcurrentHashMap<>();

	/** Refunded minor units per payment intent. */
	private final Map<String, Long> refunded = new ConcurrentHashMap<>();

	RefundController(CheckoutSessions sessions, IdempotencyKeys idempotency, WebhookDeliverer webhooks) {
		this.sessions = sessions;
		this.idempotency = idempotency;
		this.webhooks = webhooks;
	}

	@PostMapping(path = "/v1/refunds", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	Map<String, Object> create(@RequestParam MultiValueMap<String, String> params,
			@RequestHeader(name = "Idempotency-Key", required = false) @Nullable String idempotencyKey) {
		String id = this.idempotency.once(idempotencyKey, "/v1/refunds", params, () -> refund(new FormParams(params)));
		return this.refunds.get(id);
	}

	/** Synchronized: the check against what was paid and the sum refunded so far move together. */
	private synchronized String refund(FormParams form) {
		String paymentIntent = form.required("payment_intent");
		CheckoutSession session = this.sessions.paidBy(paymentIntent)
			.orElseThrow(() -> StripeRequestException.missing("payment_intent", paymentIntent));
		String amountParam = form.optional("amount");
		long amount = (amountParam != null) ? form.requiredLong("amount", 1) : session.amount();
		long before = this.refunded.getOrDefault(paymentIntent, 0L);
		if (before + amount > session.amount()) {
			throw StripeRequestException.invalid("amount", "Refund amount (" + amount + ") is greater than unrefunded "
					+ "amount on charge (" + (session.amount() - before) + ")");
		}
		this.refunded.merge(paymentIntent, amount, Long::sum);
		Map<String, Object> refund = new LinkedHashMap<>();
		String id = StripeIds.next("re");
		refund.put("id", id);
		refund.put("object", "refund");
		refund.put("amount", amount);
		refund.put("charge", chargeId(paymentIntent));
		refund.put("created", Instant.now().getEpochSecond());
		refund.put("currency", session.currency());
		refund.put("metadata", form.map("metadata"));
		refund.put("payment_intent", paymentIntent);
		refund.put("status", "succeeded");
		this.refunds.put(id, refund);
		this.webhooks.publish("charge.refunded", charge(session, paymentIntent, before + amount));
		return id;
	}

	/** The payment's charge as {@code charge.refunded} carries it; the payment's metadata names the booking. */
	private static Map<String, Object> charge(CheckoutSession session, String paymentIntent, long refundedTotal) {
		Map<String, Object> charge = new LinkedHashMap<>();
		charge.put("id", chargeId(paymentIntent));
		charge.put("object", "charge");
		charge.put("amount", session.amount());
		charge.put("amount_captured", session.amount());
		charge.put("amount_refunded", refundedTotal);
		charge.put("captured", true);
		charge.put("currency", session.currency());
		charge.put("livemode", false);
		charge.put("metadata", session.paymentIntentMetadata());
		charge.put("paid", true);
		charge.put("payment_intent", paymentIntent);
		charge.put("refunded", refundedTotal == session.amount());
		charge.put("status", "succeeded");
		return charge;
	}

	private static String chargeId(String paymentIntent) {
		return "ch_" + paymentIntent.substring(paymentIntent.indexOf('_') + 1);
	}

}
