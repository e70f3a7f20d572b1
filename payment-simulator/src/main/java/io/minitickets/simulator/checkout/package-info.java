/**
 * Checkout Sessions: created through Stripe's API, paid or declined through the simulator's control API or the
 * checkout page a customer clicks.
 */
@NullMarked
package io.minitickets.simulator.checkout;

import org.jspecify.annotations.NullMarked;
