/**
 * The {@code minitickets} command line: runs the whole pipeline on one machine and its sale-day demo.
 */
@NullMarked
package io.minitickets.localstack;

import org.jspecify.annotations.NullMarked;
