/**
 * The booking status cache that clients poll.
 */
@NullMarked
package io.minitickets.core.status;

import org.jspecify.annotations.NullMarked;
