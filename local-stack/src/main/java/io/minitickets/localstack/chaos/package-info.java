/**
 * Fault injection: a stack of the run's own whose every process can be killed and started again on the same ports
 * and data, and the faults injected into it. The load and the invariant checks of a chaos run live in load-tests.
 */
@NullMarked
package io.minitickets.localstack.chaos;

import org.jspecify.annotations.NullMarked;
