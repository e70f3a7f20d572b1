package io.minitickets.core.waitingroom;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One place of a waiting room as Valkey holds it now.
 *
 * @param userId the account that owns the place
 * @param state where it stands
 * @param ahead places before it in line; null unless {@link PlaceState#WAITING}
 * @param admittedUntil when its admission ends; null unless {@link PlaceState#ADMITTED}
 * @param waiting places of the event not admitted yet, this one included while it waits
 * @param soldOut true when the gate's counter of the event is at or below 0 (admission is paused meanwhile)
 * @param paused true while an operator paused the room's admission ({@link WaitingRoomQueue#pause})
 */
public record PlaceReading(long userId, PlaceState state, @Nullable Long ahead, @Nullable Instant admittedUntil,
		long waiting, boolean soldOut, boolean paused) {
}
