/**
 * Applying customers' cancellations ({@code cancellations.requested}) under the event's row lock: the booking
 * CANCELLED, its seats given back, its payment refunded once.
 */
@NullMarked
package io.minitickets.worker.cancellation;

import org.jspecify.annotations.NullMarked;
