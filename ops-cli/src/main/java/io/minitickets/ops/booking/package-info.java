/**
 * {@code ops bookings}: one booking as Postgres holds it, and its refund by hand, decided by the worker.
 */
@NullMarked
package io.minitickets.ops.booking;

import org.jspecify.annotations.NullMarked;
