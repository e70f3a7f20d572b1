/**
 * Booking requests: limiter, inventory gate, Kafka, then 202; status polling.
 */
@NullMarked
package io.minitickets.api.booking;

import org.jspecify.annotations.NullMarked;
