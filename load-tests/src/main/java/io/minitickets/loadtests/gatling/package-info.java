/**
 * The layers under the Gatling simulations: configuration ({@link io.minitickets.loadtests.gatling.LoadSettings}),
 * requests, feeders, scenarios, and the ledger of answers the verifier and the report read.
 */
@NullMarked
package io.minitickets.loadtests.gatling;

import org.jspecify.annotations.NullMarked;
