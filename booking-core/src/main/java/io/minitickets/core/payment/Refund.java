package io.minitickets.core.payment;

/**
 * A refund as the provider recorded it.
 *
 * @param refundId the provider's id of the refund ({@code re_…} at Stripe)
 * @param paymentId the payment it refunds
 * @param amount the refunded amount in minor units
 * @param currency the ISO 4217 code, lower case
 * @param status the provider's status: {@code succeeded}, {@code pending} (confirmed later by a webhook),
 * {@code failed} or {@code canceled}
 */
public record Refund(String refundId, String paymentId, long amount, String currency, String status) {
}
