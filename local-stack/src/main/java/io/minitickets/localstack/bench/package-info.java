/**
 * {@code minitickets bench}: the throughput and latency of the Valkey Lua scripts on a sale day's hot path, measured
 * against a plain GET and a trivial EVALSHA in the same run.
 */
@NullMarked
package io.minitickets.localstack.bench;

import org.jspecify.annotations.NullMarked;
