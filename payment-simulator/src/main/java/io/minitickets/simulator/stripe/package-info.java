/**
 * Stripe's HTTP conventions the simulator follows: Bearer API keys, form-encoded bodies with bracketed keys,
 * {@code Idempotency-Key}, object ids with type prefixes, and the {@code {"error": {...}}} shape of failures.
 *
 * @see <a href="https://docs.stripe.com/api">Stripe API reference</a>
 */
@NullMarked
package io.minitickets.simulator.stripe;

import org.jspecify.annotations.NullMarked;
