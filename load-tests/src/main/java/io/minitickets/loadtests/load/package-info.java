/**
 * {@code minitickets load SIMULATION}: prepares an event and users, runs a Gatling simulation in this JVM, verifies
 * the stack afterwards and reports.
 */
@NullMarked
package io.minitickets.loadtests.load;

import org.jspecify.annotations.NullMarked;
