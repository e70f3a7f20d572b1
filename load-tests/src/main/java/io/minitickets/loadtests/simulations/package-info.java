/**
 * The simulations layer: Gatling simulations built from the shared requests, feeders and scenarios of
 * {@code io.minitickets.loadtests.gatling}, run by {@code ./minitickets load SIMULATION}.
 */
@NullMarked
package io.minitickets.loadtests.simulations;

import org.jspecify.annotations.NullMarked;
