/**
 * booking-worker: settles accepted bookings in Postgres, batch by batch from Kafka.
 */
@NullMarked
package io.minitickets.worker;

import org.jspecify.annotations.NullMarked;
