/**
 * Per-user and per-IP token buckets in front of the API; the limiter fails closed.
 */
@NullMarked
package io.minitickets.api.ratelimit;

import org.jspecify.annotations.NullMarked;
