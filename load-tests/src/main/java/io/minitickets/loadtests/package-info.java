/**
 * The {@code minitickets} command line with everything that drives traffic: local-stack's {@code up}, {@code down}
 * and {@code status}, and this module's {@code demo}, {@code chaos} and {@code bench}.
 */
@NullMarked
package io.minitickets.loadtests;

import org.jspecify.annotations.NullMarked;
