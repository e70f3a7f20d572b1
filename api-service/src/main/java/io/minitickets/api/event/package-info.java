/**
 * Events on sale: reads, and the short-lived in-process cache the hot path uses.
 */
@NullMarked
package io.minitickets.api.event;

import org.jspecify.annotations.NullMarked;
