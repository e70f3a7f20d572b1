/**
 * {@code minitickets chaos}: a sale load while local-stack's fault injector kills and restarts each part of a stack
 * of the run's own, and every invariant of the design checked once the stack is quiet.
 */
@NullMarked
package io.minitickets.loadtests.chaos;

import org.jspecify.annotations.NullMarked;
