/**
 * The fault-injection run: a stack of its own, a sale load, faults injected into its processes, and the invariants
 * checked once it is quiet.
 */
@NullMarked
package io.minitickets.localstack.chaos;

import org.jspecify.annotations.NullMarked;
