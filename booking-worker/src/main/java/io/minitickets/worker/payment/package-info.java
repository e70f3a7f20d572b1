/**
 * Payments applied to bookings (DESIGN.md, "After the 202", invariant 7): the listener on {@code payments.received},
 * the transaction that confirms or refunds under the event's row lock, and the refunds it leaves to issue.
 */
@NullMarked
package io.minitickets.worker.payment;

import org.jspecify.annotations.NullMarked;
