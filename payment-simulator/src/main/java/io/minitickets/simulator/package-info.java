/**
 * The payment simulator: a process that speaks the subset of Stripe's HTTP contract the Stripe adapter uses, so the
 * local stack and the load tests exercise the production adapter, with outcomes a test can script.
 */
@NullMarked
package io.minitickets.simulator;

import org.jspecify.annotations.NullMarked;
