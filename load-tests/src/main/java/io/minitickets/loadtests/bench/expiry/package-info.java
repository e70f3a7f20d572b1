/**
 * The expiry figure of {@code minitickets bench}: 100,000 HELD bookings of one paid event all due in the same second,
 * and how soon the real booking-worker has them EXPIRED and their seats back (issue 16, item 3).
 */
@NullMarked
package io.minitickets.loadtests.bench.expiry;

import org.jspecify.annotations.NullMarked;
