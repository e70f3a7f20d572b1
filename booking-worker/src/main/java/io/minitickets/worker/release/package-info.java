/**
 * Seats a booking gives back when it ends (expiry, cancellation): off the event's {@code seats_sold} inside the
 * transaction that ends it, then RETURNed to the gate, its status cached and published after the commit; and the
 * event's row lock under which payments, expiry and cancellations decide.
 */
@NullMarked
package io.minitickets.worker.release;

import org.jspecify.annotations.NullMarked;
