package io.minitickets.api.waitingroom;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.minitickets.core.waitingroom.PlaceState;
import org.jspecify.annotations.Nullable;

/**
 * A place in an event's waiting room, as its owner sees it ({@code POST /api/events/{id}/queue},
 * {@code GET /api/events/{id}/queue/{placeId}}). Fields without a value are left out.
 *
 * @param placeId the place
 * @param eventId its event
 * @param state {@code PRE_QUEUE} (taken before the opening; its order is drawn at {@code drawAt}), {@code WAITING},
 * {@code ADMITTED} (while the admission lasts: {@code admittedUntil} is ahead and {@code admissionToken} given),
 * {@code EXPIRED} (admitted, and {@code admittedUntil} passed: no token, the booking route refuses the old one with 403
 * {@code expired}; the account keeps this place), {@code DROPPED} (abandoned: its owner neither read it nor held a long-poll on it for
 * {@code minitickets.waiting-room.abandon-after} when it came up, and its admission went to the next place; joining
 * again takes a new place at the back)
 * @param position 1 for the next place admitted; only while {@code WAITING}
 * @param ahead places admitted before it, {@code position − 1}; only while {@code WAITING}
 * @param etaSeconds whole seconds until its admission at the room's rate; only while {@code WAITING}, admission
 * running (neither {@code paused} nor {@code soldOut}) and the room's rate fixed
 * @param drawAt when the pre-queue's order is drawn (the sale's opening); only in {@code PRE_QUEUE}
 * @param admitted true once admitted
 * @param admittedUntil when the admission ends; only once admitted
 * @param admissionToken the token the booking route requires in the {@code Admission-Token} header; only while the
 * admission lasts
 * @param waiting places of the event not admitted yet
 * @param soldOut true while the inventory gate says the event is sold out (or Postgres does): admission is paused
 * until seats come back, and the place has no ETA meanwhile
 * @param waitlist the event's waiting list ({@code /api/events/{id}/waitlist}); only while {@code soldOut}
 * @param paused true while an operator paused the room's admission ({@code ops queue pause}): the place keeps its
 * position and has no ETA until admission resumes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlaceView(UUID placeId, long eventId, PlaceState state, @Nullable Long position, @Nullable Long ahead,
		@Nullable Long etaSeconds, @Nullable Instant drawAt, boolean admitted, @Nullable Instant admittedUntil,
		@Nullable String admissionToken, long waiting, boolean soldOut, @Nullable String waitlist, boolean paused) {
}
