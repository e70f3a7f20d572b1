/**
 * Settling accepted bookings: one Postgres transaction per event and batch, then the gate's leases, the status cache
 * and {@code bookings.settled}.
 */
@NullMarked
package io.minitickets.worker.settlement;

import org.jspecify.annotations.NullMarked;
