/**
 * How far the worker is behind and what the dead-letter topics hold, read from the broker's admin API; shared by
 * {@code ops status} and the api-service's sale-day board.
 */
@NullMarked
package io.minitickets.core.backlog;

import org.jspecify.annotations.NullMarked;
