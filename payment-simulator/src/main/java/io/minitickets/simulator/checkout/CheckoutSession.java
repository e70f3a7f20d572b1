package io.minitickets.simulator.checkout;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A Checkout Session in {@code mode=payment} with one line item.
 *
 * @param id {@code cs_test_…}
 * @param clientReferenceId the booking id the client gave; null when none
 * @param metadata the session's metadata
 * @param paymentIntentMetadata the metadata given for the payment ({@code payment_intent_data[metadata]})
 * @param amount the line item's unit amount in minor units (quantity 1)
 * @param currency ISO 4217, lower case
 * @param productName the line item's name
 * @param successUrl where the customer goes after paying
 * @param cancelUrl where the customer goes after giving up
 * @param url the checkout page
 * @param createdAt when it was created
 * @param expiresAt when it stops taking payments
 * @param status {@code open}, {@code complete} or {@code expired}
 * @param paymentStatus {@code unpaid} or {@code paid}
 * @param paymentIntent the payment's id once paid or declined; null while open
 */
public record CheckoutSession(String id, @Nullable String clientReferenceId, Map<String, String> metadata,
		Map<String, String> paymentIntentMetadata, long amount, String currency, String productName, String successUrl,
		String cancelUrl, URI url, Instant createdAt, Instant expiresAt, String status, String paymentStatus,
		@Nullable String paymentIntent) {

	/**
	 * @param now the current time
	 * @return {@code expired} once {@link #expiresAt()} passed on an open session, else the recorded status
	 */
	public String statusAt(Instant now) {
		return ("open".equals(this.status) && !now.isBefore(this.expiresAt)) ? "expired" : this.status;
	}

	/**
	 * @param paymentIntent the payment's id
	 * @param paid true when the payment succeeded, false when it was declined
	 * @return this session completed, paid or not
	 */
	CheckoutSession completed(String paymentIntent, boolean paid) {
		return new CheckoutSession(this.id, this.clientReferenceId, this.metadata, this.paymentIntentMetadata,
				this.amount, this.currency, this.productName, this.successUrl, this.cancelUrl, this.url,
				this.createdAt, this.expiresAt, "complete", paid ? "paid" : "unpaid", paymentIntent);
	}

	/**
	 * @param now the current time, for the status
	 * @return the session as Stripe's JSON object ({@code "object": "checkout.session"})
	 */
	public Map<String, Object> toJson(Instant now) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("id", this.id);
		json.put("object", "checkout.session");
		json.put("amount_subtotal", this.amount);
		json.put("amount_total", this.amount);
		json.put("cancel_url", this.cancelUrl);
		json.put("client_reference_id", this.clientReferenceId);
		json.put("created", this.createdAt.getEpochSecond());
		json.put("currency", this.currency);
		json.put("expires_at", this.expiresAt.getEpochSecond());
		json.put("livemode", false);
		json.put("metadata", this.metadata);
		json.put("mode", "payment");
		json.put("payment_intent", this.paymentIntent);
		json.put("payment_status", this.paymentStatus);
		String status = statusAt(now);
		json.put("status", status);
		json.put("success_url", this.successUrl);
		json.put("url", "open".equals(status) ? this.url.toString() : null);
		return json;
	}

}
