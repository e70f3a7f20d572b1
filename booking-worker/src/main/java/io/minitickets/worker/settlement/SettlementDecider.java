package io.minitickets.worker.settlement;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.RejectionReason;
import org.jspecify.annotations.Nullable;

/**
 * Decides, in offset order, which of one event's booking requests Postgres gives seats to: CONFIRMED for a free event,
 * HELD (until paid or expired) for a paid one. Pure logic: the caller reads the inputs under the event's row lock and
 * writes the decision in the same transaction.
 * <p>
 * A booking Postgres already settled is a replay: its recorded outcome is kept and it changes nothing. A new booking
 * is confirmed while enough seats remain and the event's per-user limit allows; otherwise it is rejected, SOLD_OUT
 * before USER_LIMIT. An unknown event rejects every new booking with UNKNOWN_EVENT. The confirmed seats never exceed
 * the seats left (DESIGN.md, invariant 1).
 */
final class SettlementDecider {

	private SettlementDecider() {
	}

	/**
	 * Decides one event's requests.
	 * @param event the event's seats read under its row lock; null when the event does not exist
	 * @param requests the event's requests in offset order, each booking id once
	 * @param recorded bookings of these requests that Postgres already settled, by booking id
	 * @param confirmedSeatsByUser seats already taken (HELD or CONFIRMED) in Postgres by the requests' users (only
	 * needed when the event has a per-user limit; a missing user has none)
	 * @param settledAt when this settlement happens, for the new bookings
	 * @return one settlement per request, in the requests' order, and the seats newly taken
	 */
	static Decision decide(@Nullable EventInventory event, List<BookingRequested> requests,
			Map<UUID, Settlement> recorded, Map<Long, Integer> confirmedSeatsByUser, Instant settledAt) {
		List<Settlement> settlements = new ArrayList<>(requests.size());
		Map<Long, Integer> seatsByUser = new HashMap<>(confirmedSeatsByUser);
		int seatsLeft = (event != null) ? event.seatsLeft() : 0;
		int seatsConfirmed = 0;
		for (BookingRequested request : requests) {
			Settlement replay = recorded.get(request.bookingId());
			if (replay != null) {
				settlements.add(replay);
				continue;
			}
			RejectionReason reason = rejectionReason(event, request, seatsLeft, seatsByUser);
			if (reason != null) {
				settlements.add(Settlement.rejected(request, reason, settledAt));
				continue;
			}
			settlements.add(Settlement.taken(request, event, settledAt));
			seatsLeft -= request.quantity();
			seatsConfirmed += request.quantity();
			seatsByUser.merge(request.userId(), request.quantity(), Integer::sum);
		}
		return new Decision(settlements, seatsConfirmed);
	}

	private static @Nullable RejectionReason rejectionReason(@Nullable EventInventory event, BookingRequested request,
			int seatsLeft, Map<Long, Integer> seatsByUser) {
		if (event == null) {
			return RejectionReason.UNKNOWN_EVENT;
		}
		if (request.quantity() > seatsLeft) {
			return RejectionReason.SOLD_OUT;
		}
		Integer limit = event.perUserLimit();
		if (limit != null && seatsByUser.getOrDefault(request.userId(), 0) + request.quantity() > limit) {
			return RejectionReason.USER_LIMIT;
		}
		return null;
	}

	/**
	 * What one event's transaction must write.
	 *
	 * @param settlements every request's settlement in offset order, replays included
	 * @param seatsConfirmed seats newly taken (confirmed or held): what {@code seats_sold} grows by
	 */
	record Decision(List<Settlement> settlements, int seatsConfirmed) {

		/**
		 * The settlements decided now, which the transaction inserts.
		 * @return the settlements that are not replays, in offset order
		 */
		List<Settlement> newSettlements() {
			return this.settlements.stream().filter((settlement) -> !settlement.replay()).toList();
		}

	}

}
