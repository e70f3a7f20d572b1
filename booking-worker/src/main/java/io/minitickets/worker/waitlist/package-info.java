/**
 * The waiting list's worker side (DESIGN.md, "After the 202", invariant 8): seats that bookings give back go first to
 * the oldest waiting entries whose whole quantity fits, as offers made in the transaction that frees them.
 */
@NullMarked
package io.minitickets.worker.waitlist;

import org.jspecify.annotations.NullMarked;
