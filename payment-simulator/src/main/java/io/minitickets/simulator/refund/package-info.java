/**
 * Refunds of paid checkouts, through Stripe's {@code POST /v1/refunds}.
 */
@NullMarked
package io.minitickets.simulator.refund;

import org.jspecify.annotations.NullMarked;
