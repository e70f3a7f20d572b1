/**
 * Payments for held bookings: the {@link io.minitickets.core.payment.PaymentProvider} contract (checkout, refund,
 * signed webhooks) and its production adapter on Stripe's own library.
 */
@NullMarked
package io.minitickets.core.payment;

import org.jspecify.annotations.NullMarked;
