/**
 * The waiting-room figure of {@code minitickets bench} (issue 18): the opening's fairness, first-in-first-out after
 * it, one place per account, the fixed admission rate, and api-service's CPU per position answer beside a sold-out
 * 409's.
 */
@NullMarked
package io.minitickets.loadtests.bench.waitingroom;

import org.jspecify.annotations.NullMarked;
