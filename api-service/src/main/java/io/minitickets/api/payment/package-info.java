/**
 * Payments in api-service: the checkout of a held booking and the provider's webhook, recorded durably on
 * {@code payments.received} for the worker to apply (DESIGN.md, "After the 202").
 */
@NullMarked
package io.minitickets.api.payment;

import org.jspecify.annotations.NullMarked;
