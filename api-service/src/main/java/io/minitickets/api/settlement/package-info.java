/**
 * How this api-service instance learns that bookings changed: every record of {@code bookings.settled}, read from
 * the end by a consumer of its own, handed to whoever waits for a booking.
 */
@NullMarked
package io.minitickets.api.settlement;

import org.jspecify.annotations.NullMarked;
