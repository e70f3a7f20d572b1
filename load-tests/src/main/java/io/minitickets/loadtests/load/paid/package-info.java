/**
 * What {@code ./minitickets load PaidSale} adds to a run: the payment simulator's control API, the wait until the
 * paid sale is quiet (holds ended, offers lapsed or paid, webhooks delivered, refunds done), and the
 * {@code payments}, {@code holds} and {@code waitlist} figures read from Postgres and the simulator.
 */
@NullMarked
package io.minitickets.loadtests.load.paid;

import org.jspecify.annotations.NullMarked;
