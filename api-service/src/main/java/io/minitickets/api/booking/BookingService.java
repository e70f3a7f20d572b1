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
import io.minitickets.core.security.AdmissionRefusal;
import io.minitickets.core.security.AdmissionTokens;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The booking hot path: user's token bucket, event checks (in-process cache), Idempotency-Key, then
 * {@link BookingAdmission} (inventory gate, status PENDING, Kafka). The sold-out path touches only Valkey.
 * <p>
 * One path where it can: for an event in the event cache, on sale, with the limiter and the gate on one Valkey node,
 * the token, the Idempotency-Key's claim and RESERVE are one script call ({@link #bookInOneCall}). Otherwise (an event
 * not cached yet, a Valkey Cluster, the gate on a Valkey of its own, the gate off) each is its own call, in the same
 * order, with the same answers.
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

	private final AdmissionTokens admissionTokens;

	BookingService(RequestRateLimits rateLimits, EventCache events, IdempotencyStore idempotency,
			BookingAdmission admissions, AdmissionTokens admissionTokens) {
		this.rateLimits = rateLimits;
		this.admissionTokens = admissionTokens;
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
	 * @param admissionToken the Admission-Token header, or null: required for an event with a waiting room, and
	 * checked (pure computation: signature, event, user, expiry) before the user's token bucket is touched when the
	 * event is in the event cache (issue 18), after it otherwise (the first booking of an event on this instance: the
	 * bucket comes before Postgres so that unknown events cannot flood it); ignored for an event without a waiting
	 * room
	 * @return the accepted booking (202)
	 * @throws ApiException 403 ({@code admission-required}) no valid admission for a waiting-room event, naming why
	 * ({@code reason}), 400 bad quantity or key, 404 unknown event, 409 sale not open, sold out, per-user limit
	 * (the quantity alone, or with the user's held and confirmed seats in the gate) or the same Idempotency-Key still
	 * in flight, 422 Idempotency-Key reused for another request, 429 rate limited, 503 limiter
	 * or Idempotency-Key store down, status not recorded, or Kafka did not take or did not confirm it
	 */
	BookingAccepted book(long userId, long eventId, int quantity, @Nullable String idempotencyKey,
			@Nullable String admissionToken) {
		Event cached = this.events.cached(eventId);
		boolean admissionChecked = cached != null && cached.needsAdmission();
		if (admissionChecked) {
			checkAdmission(admissionToken, userId, eventId);
		}
		if (cached != null && refusal(cached, quantity) == null && this.admissions.reservesWithTokens()) {
			// The event is known, on sale and the quantity fits: the token, the key's claim and RESERVE in one call.
			return (idempotencyKey != null) ? bookInOneCall(userId, cached, quantity, idempotencyKey)
					: this.admissions
						.acceptWithToken(UUID.randomUUID(), eventId, userId, quantity, cached.perUserLimit(), null)
						.answer();
		}
		this.rateLimits.checkBooking(userId);
		Event event = this.events.find(eventId).orElseThrow(() -> Problems.unknownEvent(eventId));
		if (event.needsAdmission() && !admissionChecked) {
			checkAdmission(admissionToken, userId, eventId);
		}
		boolean closed = ClosedSale.isClosed(event.saleOpensAt());
		ApiException refused = refusal(event, quantity);
		if (refused != null && !(closed && idempotencyKey != null)) {
			throw refused;
		}
		if (idempotencyKey == null) {
			return this.admissions.accept(UUID.randomUUID(), eventId, userId, quantity, event.perUserLimit(), false)
				.answer();
		}
		return claimThenAccept(userId, idempotencyKey, event, quantity, closed);
	}

	/**
	 * @throws ApiException 403 {@code admission-required} with {@code reason} when the token does not admit the booking
	 */
	private void checkAdmission(@Nullable String token, long userId, long eventId) {
		AdmissionRefusal refusal = this.admissionTokens.check(token, userId, eventId);
		if (refusal != null) {
			throw BookingProblems.admissionRequired(eventId, refusal);
		}
	}

	/**
	 * A keyed booking of a cached event on sale, in one Valkey call: the token, the key's claim and RESERVE; a sold-out
	 * answer is stored on the key in that call, a 202 is stored without waiting ({@link #record}). A key that already
	 * held something is read on its own after the call, as on the path of separate calls.
	 */
	private BookingAccepted bookInOneCall(long userId, Event event, int quantity, String key) {
		UUID bookingId = IdempotencyStore.bookingIdFor(userId, key, event.id(), quantity);
		Held held = this.idempotency.newClaim(userId, key, bookingId, event.id(), quantity);
		Admission admission;
		try {
			admission = this.admissions.acceptWithToken(bookingId, event.id(), userId, quantity, event.perUserLimit(),
					this.idempotency.inOneCall(held));
		}
		catch (ApiException ex) {
			if (ex.getStatus() == HttpStatus.SERVICE_UNAVAILABLE) {
				// The call got no answer in time and may have claimed the key; nothing was sent.
				this.idempotency.forget(held);
			}
			throw ex;
		}
		if (admission.outcome() == Outcome.KEY_BUSY) {
			return claimThenAccept(userId, key, event, quantity, false);
		}
		record(held, admission.outcome(), true);
		return admission.answer();
	}

	/**
	 * Claims the key on its own, then answers as its entry says: the first final answer, a request in progress, a
	 * different request, or this request's booking, accepted ({@link #acceptHolding}) or refused as closed.
	 */
	private BookingAccepted claimThenAccept(long userId, String key, Event event, int quantity, boolean closed) {
		UUID bookingId = IdempotencyStore.bookingIdFor(userId, key, event.id(), quantity);
		return switch (this.idempotency.claim(userId, key, bookingId, event.id(), quantity)) {
			case Earlier earlier -> replay(earlier.answer(), event.id(), quantity);
			case Held held when closed -> throw refuseClosed(held);
			case Held held -> acceptHolding(held, userId, event.perUserLimit());
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
			record(held, (admission != null) ? admission.outcome()
					: (held.resumed() ? Outcome.UNCONFIRMED : Outcome.NOT_SENT), false);
		}
		return admission.answer();
	}

	/**
	 * Records on the key what became of its request: a 202 without waiting (the answer stands whatever Valkey says);
	 * sold out remembered and the per-user limit freed, unless the one Valkey call did so already; a booking certainly
	 * not in Kafka frees the key; one that may be in Kafka keeps it for its request.
	 * @param inOneCall true when the key was claimed in the same call as RESERVE ({@link #bookInOneCall})
	 */
	private void record(Held held, Outcome outcome, boolean inOneCall) {
		switch (outcome) {
			case ACCEPTED -> this.idempotency.rememberLater(held, 202);
			case SOLD_OUT -> {
				if (!inOneCall) {
					this.idempotency.remember(held, 409);
				}
			}
			case USER_LIMIT -> {
				if (!inOneCall) {
					this.idempotency.release(held);
				}
			}
			case NOT_SENT -> this.idempotency.release(held);
			case UNCONFIRMED -> this.idempotency.markUnconfirmed(held);
			case KEY_BUSY -> throw new IllegalStateException("A busy key has no outcome to record");
		}
	}

	/**
	 * What the event's own data refuses, checked after the user's token: a sale not open (409), more seats than one
	 * order may hold (400) or than the per-user limit allows (409).
	 * @return the refusal, or null when the event takes the request
	 */
	private @Nullable ApiException refusal(Event event, int quantity) {
		if (!event.isSaleOpen(this.clock.instant())) {
			return BookingProblems.saleNotOpen(event.id(), event.saleOpensAt());
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
