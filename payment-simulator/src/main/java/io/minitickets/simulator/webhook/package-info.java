/**
 * Webhooks: Stripe-shaped events, signed like Stripe's ({@code Stripe-Signature: t=…,v1=…}), delivered to the
 * configured URL with retries and backoff, recorded for tests, and shaped by the scripted behaviour.
 */
@NullMarked
package io.minitickets.simulator.webhook;

import org.jspecify.annotations.NullMarked;
