/**
 * The time-to-know figure of {@code minitickets bench}: customers who book and then wait on their booking's status
 * stream, timed from the request until the final status arrives (issue 17, "Time to know").
 */
@NullMarked
package io.minitickets.loadtests.bench.timetoknow;

import org.jspecify.annotations.NullMarked;
