/**
 * {@code minitickets bench}: the throughput and latency of the Valkey Lua scripts on a sale day's hot path, measured
 * against a plain GET and a trivial EVALSHA in the same run.
 */
@NullMarked
package io.minitickets.loadtests.bench;

import org.jspecify.annotations.NullMarked;
