package io.minitickets.api.booking;

import java.time.Clock;
import java.util.UUID;

import io.minitickets.api.booking.Admission.Outcome;
import io.minitickets.api.booking.IdempotencyStore.Earlier;
import io.minitickets.api.booking.IdempotencyStore.Held;
import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventCache;
import io.minitickets.api.ratelimit.RequestRateLimits;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.schema.ClosedSale;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The booking hot path: user's token bucket, event checks (in-process cache), Idempotency-Key, then
 * {@link BookingAdmission} (inventory gate, status PENDING, Kafka). The sold-out path touches only Valkey.
 * <p>
 * An Idempotency-Key records what became of its request on every exit: 202, sold out and a closed sale's 409 are
 * remembered (a sale yet to open and the per-user limit are not final answers), a booking that
 * certainly never reached Kafka frees the key, and one that may be in Kafka keeps the key for its request (a retry of
 * the same request resumes it).
 */
@Service
class BookingService {

	private final RequestRateLimits rateLimits;

	private final EventCache events;

	private final IdempotencyStore idempotency;

	private final BookingAdmission admissions;

	private final Clock clock;

	BookingService(RequestRateLimits rateLimits, EventCache events, IdempotencyStore idempotency,
			BookingAdmission admissions) {
		this.rateLimits = rateLimits;
		this.events = events;
		this.idempotency = idempotency;
		this.admissions = admissions;
		this.clock = Clock.systemUTC();
	}

	/**
	 * Accepts a booking request or says why not.
	 * @param userId the caller
	 * @param eventId the event
	 * @param quantity seats, already checked positive
	 * @param idempotencyKey the Idempotency-Key header, or null
	 * @return the accepted booking (202)
	 * @throws ApiException 400 bad quantity or key, 404 unknown event, 409 sale not open, sold out, per-user limit
	 * (the quantity alone, or with the user's held and confirmed seats in the gate) or the same Idempotency-Key still
	 * in flight, 422 Idempotency-Key reused for another request, 429 rate limited, 503 limiter
	 * or Idempotency-Key store down, status not recorded, or Kafka did not take or did not confirm it
	 */
	BookingAccepted book(long userId, long eventId, int quantity, @Nullable String idempotencyKey) {
		Event cached = (idempotencyKey == null) ? this.events.cached(eventId) : null;
		if (cached != null && refusal(cached, quantity) == null && this.admissions.reservesWithTokens()) {
			// The event is known, on sale and the quantity fits: the token and RESERVE in one Valkey call.
			return this.admissions.acceptWithToken(UUID.randomUUID(), eventId, userId, quantity, cached.perUserLimit())
				.answer();
		}
		this.rateLimits.checkBooking(userId);
		Event event = this.events.find(eventId).orElseThrow(() -> Problems.notFound("No event " + eventId + "."));
		boolean closed = ClosedSale.isClosed(event.saleOpensAt());
		ApiException refused = refusal(event, quantity);
		if (refused != null && !(closed && idempotencyKey != null)) {
			throw refused;
		}
		Integer perUserLimit = event.perUserLimit();
		if (idempotencyKey == null) {
			return this.admissions.accept(UUID.randomUUID(), eventId, userId, quantity, perUserLimit, false).answer();
		}
		UUID bookingId = IdempotencyStore.bookingIdFor(userId, idempotencyKey, eventId, quantity);
		return switch (this.idempotency.claim(userId, idempotencyKey, bookingId, eventId, quantity)) {
			case Earlier earlier -> replay(earlier.answer(), eventId, quantity);
			case Held held when closed -> throw refuseClosed(held);
			case Held held -> acceptHolding(held, userId, perUserLimit);
		};
	}

	/**
	 * A closed sale's 409 is a final answer, remembered on the key like a sold-out one; unless an earlier request of
	 * the same booking may have sent it (resumed), whose outcome Postgres decides: its key stays with it.
	 */
	private ApiException refuseClosed(Held held) {
		if (held.resumed()) {
			this.idempotency.markUnconfirmed(held);
		}
		else {
			this.idempotency.remember(held, held.value().saleClosedAnswer());
		}
		return BookingProblems.saleClosed(held.value().eventId());
	}

	/**
	 * Accepts the booking of a claimed Idempotency-Key, then records the outcome on the key, on every exit.
	 */
	private BookingAccepted acceptHolding(Held held, long userId, @Nullable Integer perUserLimit) {
		StoredAnswer request = held.value();
		Admission admission = null;
		try {
			admission = this.admissions.accept(request.bookingId(), request.eventId(), userId, request.quantity(),
					perUserLimit, held.resumed());
		}
		finally {
			Outcome outcome = (admission != null) ? admission.outcome()
					: (held.resumed() ? Outcome.UNCONFIRMED : Outcome.NOT_SENT);
			switch (outcome) {
				case ACCEPTED -> this.idempotency.remember(held, 202);
				case SOLD_OUT -> this.idempotency.remember(held, 409);
				case USER_LIMIT, NOT_SENT -> this.idempotency.release(held);
				case UNCONFIRMED -> this.idempotency.markUnconfirmed(held);
			}
		}
		return admission.answer();
	}

	/**
	 * What the event's own data refuses, checked after the user's token: a sale not open (409), more seats than one
	 * order may hold (400) or than the per-user limit allows (409).
	 * @return the refusal, or null when the event takes the request
	 */
	private @Nullable ApiException refusal(Event event, int quantity) {
		if (!event.isSaleOpen(this.clock.instant())) {
			return saleNotOpen(event);
		}
		if (quantity > event.maxPerOrder()) {
			return Problems.badRequest("'quantity' must be at most " + event.maxPerOrder() + " for event " + event.id()
					+ ", was " + quantity + ".");
		}
		Integer perUserLimit = event.perUserLimit();
		if (perUserLimit != null && quantity > perUserLimit) {
			return BookingProblems.userLimit(event.id(), perUserLimit);
		}
		return null;
	}

	/**
	 * @param event an event whose sale is not open
	 * @return the 409 that says when it opens ({@code saleOpensAt}), or that it is closed ({@link ClosedSale}: its
	 * opening then is a stand-in, not a time to wait for)
	 */
	private static ApiException saleNotOpen(Event event) {
		if (ClosedSale.isClosed(event.saleOpensAt())) {
			return BookingProblems.saleClosed(event.id());
		}
		return new ApiException(HttpStatus.CONFLICT, ProblemTypes.SALE_NOT_OPEN, "Sale not open",
				"The sale of event " + event.id() + " opens at " + event.saleOpensAt() + ".", null)
			.with("saleOpensAt", event.saleOpensAt().toString());
	}

	private BookingAccepted replay(StoredAnswer answer, long eventId, int quantity) {
		if (!answer.answers(eventId, quantity)) {
			throw BookingProblems.keyReused(answer);
		}
		if (answer.status() == 409) {
			throw answer.saleClosed() ? BookingProblems.saleClosed(eventId) : BookingProblems.soldOut(eventId);
		}
		if (answer.status() == 202) {
			return BookingAccepted.of(answer.bookingId());
		}
		throw BookingProblems.inProgress();
	}

}
