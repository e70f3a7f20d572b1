/**
 * The bench's HTTP load generator (Netty, one event-loop thread, keep-alive connections, closed and open model).
 */
@NullMarked
package io.minitickets.loadtests.bench.http;

import org.jspecify.annotations.NullMarked;
