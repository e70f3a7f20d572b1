package io.minitickets.api.booking;

import java.time.Clock;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.booking.IdempotencyStore.Earlier;
import io.minitickets.api.booking.IdempotencyStore.Held;
import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventCache;
import io.minitickets.api.ratelimit.RequestRateLimits;
import io.minitickets.api.system.ApiException;
import io.minitickets.api.system.Problems;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.Reservation;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The booking hot path: user's token bucket, event checks (in-process cache), Idempotency-Key, inventory gate, status
 * PENDING, then Kafka. The sold-out path touches only Valkey.
 * <p>
 * Failure directions (DESIGN.md, invariant 6): the limiter fails closed (503); the gate fails open (the booking goes
 * on ungated and Postgres decides alone); a send the broker did not acknowledge releases the lease and answers 503.
 */
@Service
class BookingService {

	private static final Logger logger = LoggerFactory.getLogger(BookingService.class);

	private final RequestRateLimits rateLimits;

	private final EventCache events;

	private final IdempotencyStore idempotency;

	private final InventoryGate gate;

	private final GateProperties gateProperties;

	private final BookingStatusCache statusCache;

	private final BookingPublisher publisher;

	private final BookingProperties properties;

	private final MeterRegistry meters;

	private final Clock clock;

	BookingService(RequestRateLimits rateLimits, EventCache events, IdempotencyStore idempotency, InventoryGate gate,
			GateProperties gateProperties, BookingStatusCache statusCache, BookingPublisher publisher,
			BookingProperties properties, MeterRegistry meters) {
		this.rateLimits = rateLimits;
		this.events = events;
		this.idempotency = idempotency;
		this.gate = gate;
		this.gateProperties = gateProperties;
		this.statusCache = statusCache;
		this.publisher = publisher;
		this.properties = properties;
		this.meters = meters;
		this.clock = Clock.systemUTC();
	}

	/**
	 * Accepts a booking request or says why not.
	 * @param userId the caller
	 * @param eventId the event
	 * @param quantity seats, already checked positive
	 * @param idempotencyKey the Idempotency-Key header, or null
	 * @return the accepted booking (202)
	 * @throws ApiException 400 bad quantity or key, 404 unknown event, 409 sale not open, sold out or the same
	 * Idempotency-Key still in flight, 422 Idempotency-Key reused for another request, 429 rate limited, 503 limiter
	 * down or Kafka did not take it
	 */
	BookingAccepted book(long userId, long eventId, int quantity, @Nullable String idempotencyKey) {
		this.rateLimits.checkBooking(userId);
		Event event = this.events.find(eventId).orElseThrow(() -> Problems.notFound("No event " + eventId + "."));
		if (!event.isSaleOpen(this.clock.instant())) {
			throw new ApiException(HttpStatus.CONFLICT, ProblemTypes.SALE_NOT_OPEN, "Sale not open",
					"The sale of event " + eventId + " opens at " + event.saleOpensAt() + ".", null)
				.with("saleOpensAt", event.saleOpensAt().toString());
		}
		if (quantity > event.maxPerOrder()) {
			throw Problems.badRequest("'quantity' must be at most " + event.maxPerOrder() + " for event " + eventId
					+ ", was " + quantity + ".");
		}
		if (idempotencyKey == null) {
			return accept(UUID.randomUUID(), eventId, userId, quantity);
		}
		UUID bookingId = IdempotencyStore.bookingIdFor(userId, idempotencyKey, eventId, quantity);
		return switch (this.idempotency.claim(userId, idempotencyKey, bookingId, eventId, quantity)) {
			case Earlier earlier -> replay(earlier.answer(), eventId, quantity);
			case Held held -> acceptHolding(held, userId);
		};
	}

	private BookingAccepted acceptHolding(Held held, long userId) {
		StoredAnswer request = held.value();
		try {
			BookingAccepted accepted = accept(request.bookingId(), request.eventId(), userId, request.quantity());
			this.idempotency.remember(held, 202);
			return accepted;
		}
		catch (ApiException ex) {
			if (ProblemTypes.SOLD_OUT.equals(ex.getType())) {
				this.idempotency.remember(held, 409);
			}
			else {
				this.idempotency.release(held);
			}
			throw ex;
		}
		catch (RuntimeException ex) {
			this.idempotency.release(held);
			throw ex;
		}
	}

	private BookingAccepted accept(UUID bookingId, long eventId, long userId, int quantity) {
		boolean gated = reserve(eventId, bookingId, quantity);
		putPending(bookingId, eventId, userId, quantity);
		BookingRequested request = BookingRequested.of(bookingId, eventId, userId, quantity, this.clock.instant(),
				gated);
		try {
			this.publisher.publish(request);
		}
		catch (BookingPublisher.BookingNotSentException ex) {
			release(request);
			forgetPending(bookingId);
			this.meters.counter("minitickets.bookings", "outcome", "not-sent").increment();
			logger.warn("Kafka did not take booking {} of event {}", bookingId, eventId, ex.getCause());
			// A send that timed out is ambiguous: the broker may still append the record, and then Postgres settles
			// it. So the answer does not promise "not booked": it names the booking to poll (404 = not booked) and
			// the key that makes a retry safe.
			throw Problems.unavailable("The booking queue did not acknowledge this booking in time, so it was not "
					+ "accepted; should it reach the queue after all, it is still settled: poll " + BookingAccepted.of(bookingId).statusUrl()
					+ " (404 means not booked). Retry with the same Idempotency-Key to book at most once.",
					this.properties.unavailableRetryAfter().toSeconds())
				.with("bookingId", bookingId.toString());
		}
		this.meters.counter("minitickets.bookings", "outcome", gated ? "accepted" : "accepted-ungated").increment();
		return BookingAccepted.of(bookingId);
	}

	private boolean reserve(long eventId, UUID bookingId, int quantity) {
		if (!this.gateProperties.enabled()) {
			return false;
		}
		Reservation reservation;
		try {
			reservation = this.gate.reserve(eventId, bookingId, quantity);
		}
		catch (ValkeyUnavailableException ex) {
			this.meters.counter("minitickets.gate.skipped", "cause", "unavailable").increment();
			return false;
		}
		if (reservation.result() == ReserveResult.UNKNOWN) {
			this.meters.counter("minitickets.gate.skipped", "cause", "unknown").increment();
			return false;
		}
		if (reservation.result() == ReserveResult.SOLD_OUT) {
			this.meters.counter("minitickets.bookings", "outcome", "sold-out").increment();
			throw soldOut(eventId);
		}
		return true;
	}

	private void putPending(UUID bookingId, long eventId, long userId, int quantity) {
		try {
			this.statusCache.put(new CachedBooking(bookingId, eventId, userId, quantity, BookingStatus.PENDING, null));
		}
		catch (ValkeyUnavailableException ex) {
			// Polls fall back to Postgres, which has the booking once it is settled.
		}
	}

	private void forgetPending(UUID bookingId) {
		try {
			this.statusCache.removePending(bookingId);
		}
		catch (ValkeyUnavailableException ex) {
			// The PENDING entry expires with the status cache's TTL.
		}
	}

	private void release(BookingRequested request) {
		if (!request.gated()) {
			return;
		}
		try {
			this.gate.settle(request.eventId(), request.bookingId(), LeaseOutcome.RELEASED, request.quantity());
		}
		catch (ValkeyUnavailableException ex) {
			// The lease expires and the reconciler gives its seats back.
		}
	}

	private BookingAccepted replay(StoredAnswer answer, long eventId, int quantity) {
		if (!answer.answers(eventId, quantity)) {
			throw BookingProblems.keyReused(answer);
		}
		if (answer.status() == 409) {
			throw soldOut(eventId);
		}
		if (answer.status() == 202) {
			return BookingAccepted.of(answer.bookingId());
		}
		throw BookingProblems.inProgress();
	}

	private static ApiException soldOut(long eventId) {
		return BookingProblems.soldOut(eventId);
	}

}
