/**
 * The streams figure of {@code minitickets bench}: 20,000 status streams held open at once by one api-service, what
 * they cost in heap and in idle CPU, and whether any was dropped (issue 17, "Streams held").
 */
@NullMarked
package io.minitickets.loadtests.bench.streams;

import org.jspecify.annotations.NullMarked;
