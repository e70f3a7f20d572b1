/**
 * Expiry of unpaid holds: HELD bookings whose hold has passed become EXPIRED under their event's row lock, and their
 * seats go back to the gate (DESIGN.md, invariant 9).
 */
@NullMarked
package io.minitickets.worker.expiry;

import org.jspecify.annotations.NullMarked;
