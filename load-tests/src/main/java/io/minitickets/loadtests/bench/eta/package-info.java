/**
 * The ETA figure of {@code minitickets bench}: how close the {@code etaSeconds} a PENDING booking is given right after
 * its 202 comes to its actual wait, behind a 100,000-record backlog the worker settles at a steady rate (issue 17,
 * "ETA honesty").
 */
@NullMarked
package io.minitickets.loadtests.bench.eta;

import org.jspecify.annotations.NullMarked;
