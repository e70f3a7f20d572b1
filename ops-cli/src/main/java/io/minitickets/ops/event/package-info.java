/**
 * {@code ops events}: create, list, open and close events.
 */
@NullMarked
package io.minitickets.ops.event;

import org.jspecify.annotations.NullMarked;
