/**
 * Records that can never be settled go, once, to {@code bookings.requested-dlt}, on the partition they came from.
 */
@NullMarked
package io.minitickets.worker.deadletter;

import org.jspecify.annotations.NullMarked;
