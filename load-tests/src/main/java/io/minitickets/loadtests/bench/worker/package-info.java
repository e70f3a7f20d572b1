/**
 * The worker figure of {@code minitickets bench}: the real booking-worker draining a pre-filled
 * {@code bookings.requested} of one hot event, against one booking per transaction on the same Postgres.
 */
@NullMarked
package io.minitickets.loadtests.bench.worker;

import org.jspecify.annotations.NullMarked;
