package io.minitickets.core.waitingroom;

/**
 * An event's waiting room as operators see it ({@code ops queue status}).
 *
 * @param waiting places waiting (abandoned ones included until they come up for admission and are dropped)
 * @param admitted places admitted so far
 * @param dropped places dropped as abandoned so far
 * @param paused true while an operator paused admission
 * @param soldOut true while the gate's counter is at or below 0 (admission pauses by itself)
 */
public record RoomStatus(long waiting, long admitted, long dropped, boolean paused, boolean soldOut) {
}
