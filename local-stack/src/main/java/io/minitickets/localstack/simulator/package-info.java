/**
 * The payment simulator's control API ({@code /sim}) as the stack's tools use it: a demo's or load run's customer
 * paying a checkout, a fault row scripting and replaying webhooks, a verifier listing what was delivered.
 */
@NullMarked
package io.minitickets.localstack.simulator;

import org.jspecify.annotations.NullMarked;
