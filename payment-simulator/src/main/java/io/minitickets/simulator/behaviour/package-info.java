/**
 * What the simulator is scripted to do: delay, duplicate or reorder webhooks, decline or never complete payments.
 */
@NullMarked
package io.minitickets.simulator.behaviour;

import org.jspecify.annotations.NullMarked;
