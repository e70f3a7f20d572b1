/**
 * Waiting rooms (issue 18): joining an event's queue, reading one's place, the opening's draw, admission at a fixed
 * rate, and the admission tokens the booking route requires for a waiting-room event.
 */
@NullMarked
package io.minitickets.api.waitingroom;

import org.jspecify.annotations.NullMarked;
