/**
 * What {@code ./minitickets load WaitingRoomRush} adds to a run: the waiting room's figures, as its customers saw the
 * room (places joined, admitted, booked with admission, two places of one account, 403s), and what they must be.
 */
@NullMarked
package io.minitickets.loadtests.load.waitingroom;

import org.jspecify.annotations.NullMarked;
