package io.minitickets.api.board;

import org.jspecify.annotations.Nullable;

/**
 * One event's waiting room as the board shows it (issue 18): its line in Valkey and how fast it moves.
 *
 * @param waiting places waiting (abandoned ones included until they come up and are dropped)
 * @param admitted places admitted so far
 * @param admittedPerSecond places admitted a second since the sample before; null for the first sample
 * @param dropped places dropped as abandoned so far
 * @param etaLastSeconds seconds until the last place waiting is admitted: {@code waiting} at the admitted rate
 * measured (the fixed rate while none was measured); null while paused, sold out, or no rate is known (an
 * {@code auto} room that admitted none since the sample before)
 * @param paused true while an operator paused admission
 * @param soldOut true while the gate says sold out (admission pauses by itself)
 * @param mode {@code fixed} or {@code auto}
 * @param perSecond the fixed rate, or an {@code auto} room's ceiling; null for none
 */
record WaitingRoomReading(long waiting, long admitted, @Nullable Double admittedPerSecond, long dropped,
		@Nullable Long etaLastSeconds, boolean paused, boolean soldOut, String mode, @Nullable Integer perSecond) {
}
