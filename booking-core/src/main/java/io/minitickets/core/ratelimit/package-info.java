/**
 * Token buckets in Valkey: one atomic Lua script per request, time from the server.
 */
@NullMarked
package io.minitickets.core.ratelimit;

import org.jspecify.annotations.NullMarked;
