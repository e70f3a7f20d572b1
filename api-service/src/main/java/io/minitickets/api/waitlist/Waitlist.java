package io.minitickets.api.waitlist;

import java.time.Instant;
import java.util.OptionalLong;

import io.minitickets.api.booking.BookingProblems;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.waitlist.WaitlistRepository.EventSeats;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Joining, reading and leaving an event's waiting list (issue 16, item 5). A join is taken only when the event is
 * sold out for the quantity: the gate's counter is 0, or Postgres's capacity − seats taken is below it (the gate may
 * still show seats Postgres has given away, or be down: then Postgres decides alone). One live entry per user per
 * event; the per-user limit counts the entry's quantity with the seats the user holds and has.
 */
@Service
class Waitlist {

	private static final Logger logger = LoggerFactory.getLogger(Waitlist.class);

	private final WaitlistRepository repository;

	private final InventoryGate gate;

	Waitlist(WaitlistRepository repository, InventoryGate gate) {
		this.repository = repository;
		this.gate = gate;
	}

	/**
	 * @param eventId the event
	 * @param userId the caller
	 * @param quantity seats, already checked positive
	 * @return the new entry with its position
	 * @throws ApiException 404 unknown event; 400 quantity above the event's per-order maximum; 409
	 * {@code sale-not-open} before the sale opens or once it is closed (as a booking's), 409 when seats are available
	 * (book them), when the user has a live entry already (named in {@code entryId}), or when the entry
	 * would pass the per-user limit ({@code user-limit})
	 */
	WaitlistEntryView join(long eventId, long userId, int quantity) {
		EventSeats event = this.repository.event(eventId)
			.orElseThrow(() -> Problems.unknownEvent(eventId));
		if (quantity > event.maxPerOrder()) {
			throw Problems.badRequest("'quantity' must be at most " + event.maxPerOrder() + " for event " + eventId
					+ ", was " + quantity + ".");
		}
		if (Instant.now().isBefore(event.saleOpensAt())) {
			// as the booking route answers: nothing is sold before the opening, nor once the sale is closed
			throw BookingProblems.saleNotOpen(eventId, event.saleOpensAt());
		}
		if (!soldOut(eventId, event, quantity)) {
			throw Problems.conflict("Event " + eventId + " has seats available: book them "
					+ "(POST /api/events/" + eventId + "/bookings); the waiting list is for a sold-out event.");
		}
		Integer limit = event.perUserLimit();
		if (limit != null && quantity + this.repository.seatsTaken(eventId, userId) > limit) {
			throw new ApiException(HttpStatus.CONFLICT, ProblemTypes.USER_LIMIT, "Per-user limit reached",
					"Event " + eventId + " sells at most " + limit + " seats per user, counting the seats you hold, "
							+ "have and wait for; this entry would pass it.",
					null);
		}
		if (this.repository.join(eventId, userId, quantity).isEmpty()) {
			throw alreadyJoined(eventId, userId);
		}
		return this.repository.entry(eventId, userId).orElseThrow(() -> alreadyJoined(eventId, userId));
	}

	/**
	 * @param eventId the event
	 * @param userId the caller
	 * @return the caller's entry (WAITING with its position, OFFERED or TAKEN with its offer's booking)
	 * @throws ApiException 404 when the caller has none, naming the event when there is no such event
	 */
	WaitlistEntryView entry(long eventId, long userId) {
		return this.repository.entry(eventId, userId).orElseThrow(() -> noEntry(eventId));
	}

	/**
	 * Leaves the list: the entry becomes LEFT. An offer already made for it stays the caller's booking (pay or cancel
	 * it; unpaid, it expires and its seats go on down the list).
	 * @param eventId the event
	 * @param userId the caller
	 * @throws ApiException 409 when the caller's entry is no longer live (TAKEN: its offer is the caller's booking),
	 * naming its state; 404 when the caller has no entry, naming the event when there is no such event
	 */
	void leave(long eventId, long userId) {
		if (!this.repository.leave(eventId, userId)) {
			WaitlistEntryView entry = this.repository.entry(eventId, userId).orElseThrow(() -> noEntry(eventId));
			throw Problems.conflict("Your entry on the waiting list of event " + eventId + " is " + entry.state()
					+ ((entry.offerBookingId() != null) ? " (its offer is your booking " + entry.offerBookingId() + ")"
							: "")
					+ ": only a WAITING or OFFERED entry can be left.").with("entryId", entry.entryId());
		}
	}

	private boolean soldOut(long eventId, EventSeats event, int quantity) {
		if (event.free() < quantity) {
			return true;
		}
		try {
			OptionalLong available = this.gate.available(eventId);
			return available.isPresent() && available.getAsLong() <= 0;
		}
		catch (ValkeyUnavailableException ex) {
			logger.debug("The gate cannot say whether event {} is sold out; Postgres decides", eventId, ex);
			return false;
		}
	}

	private ApiException alreadyJoined(long eventId, long userId) {
		ApiException conflict = Problems.conflict("You are on the waiting list of event " + eventId
				+ " already; leave it (DELETE /api/events/" + eventId + "/waitlist/me) to join with another quantity.");
		this.repository.entry(eventId, userId).ifPresent((entry) -> conflict.with("entryId", entry.entryId()));
		return conflict;
	}

	private ApiException noEntry(long eventId) {
		if (this.repository.event(eventId).isEmpty()) {
			return Problems.unknownEvent(eventId);
		}
		return Problems.notFound("You have no entry on the waiting list of event " + eventId + ".");
	}

}
