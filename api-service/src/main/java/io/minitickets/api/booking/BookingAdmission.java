package io.minitickets.api.booking;

import java.time.Clock;
import java.util.Objects;
import java.util.UUID;

import io.minitickets.api.booking.Admission.Outcome;
import io.minitickets.api.booking.BookingPublisher.BookingNotSentException;
import io.minitickets.api.booking.BookingPublisher.BookingUnconfirmedException;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.ratelimit.RequestRateLimits;
import io.minitickets.core.idempotency.KeyClaim;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.Reservation;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.inventory.TokenAndReservation;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.status.QueuePlace;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * One attempt to accept a booking: inventory gate RESERVE, status PENDING, then Kafka.
 * <p>
 * Failure directions (DESIGN.md, invariant 6): the gate fails open (the booking goes on ungated and Postgres decides
 * alone). A booking is accepted only once its PENDING status is written and the broker acknowledged it, so its status
 * URL never answers 404. Every other exit gives back what the attempt took, exactly once, unless the booking may be in
 * Kafka: a send that certainly did not reach the broker (or a PENDING status that could not be written) releases the
 * lease and the PENDING entry; an unconfirmed send keeps both (the worker settles it, or the lease expires and the
 * reconciler gives the seats back) and answers 503 naming the booking.
 */
@Component
class BookingAdmission {

	private static final Logger logger = LoggerFactory.getLogger(BookingAdmission.class);

	private final InventoryGate gate;

	private final GateProperties gateProperties;

	private final BookingStatusCache statusCache;

	private final BookingPublisher publisher;

	private final BookingProperties properties;

	private final BookingMeters meters;

	private final RequestRateLimits rateLimits;

	private final Clock clock = Clock.systemUTC();

	BookingAdmission(InventoryGate gate, GateProperties gateProperties, BookingStatusCache statusCache,
			BookingPublisher publisher, BookingProperties properties, BookingMeters meters,
			RequestRateLimits rateLimits) {
		this.rateLimits = rateLimits;
		this.gate = gate;
		this.gateProperties = gateProperties;
		this.statusCache = statusCache;
		this.publisher = publisher;
		this.properties = properties;
		this.meters = meters;
	}

	/**
	 * Reserve, PENDING, send. Whatever this took is given back on every exit, exactly once, unless the booking may be
	 * in Kafka.
	 * @param bookingId the booking
	 * @param eventId its event, whose sale is open
	 * @param userId its owner
	 * @param quantity seats, within the event's per-order maximum
	 * @param perUserLimit the event's per-user limit in seats, or null for none
	 * @param resumed true when an earlier request of this booking may have sent it: then no failure here proves it
	 * absent, so nothing is given back and a sold-out gate does not decide (Postgres does)
	 * @return accepted (202), sold out or per-user limit (409), not sent or unconfirmed (503), with the answer
	 */
	Admission accept(UUID bookingId, long eventId, long userId, int quantity, @Nullable Integer perUserLimit,
			boolean resumed) {
		return admit(reserve(eventId, bookingId, userId, quantity, perUserLimit, resumed), bookingId, eventId, userId,
				quantity, perUserLimit, resumed);
	}

	/**
	 * As {@link #accept} for a booking that is not resumed, with the user's booking token taken in the same Valkey
	 * call as RESERVE (one round trip instead of two; see {@link #reservesWithTokens}): the token is the limiter's, so
	 * a call Valkey does not answer fails closed where the gate alone would fail open. RESERVE failing inside the call
	 * (a gate key Valkey cannot read) fails open as the gate alone does: the token stays taken, as it does when the
	 * gate's own call fails after the limiter's, and the booking goes on ungated.
	 * <p>
	 * With an Idempotency-Key, the same call claims the key between the token and RESERVE, and stores a sold-out
	 * answer on it (or frees it on the per-user limit) at once; the caller answers the key on the other outcomes.
	 * @param claim the request's Idempotency-Key claim ({@link IdempotencyStore#inOneCall}), or null without a key
	 * @return as {@link #accept}, or {@link Outcome#KEY_BUSY} when the key held something: the token was taken,
	 * nothing else
	 * @throws ApiException 429 when the user's bucket is empty, 503 when Valkey cannot answer: nothing is sent, so a
	 * lease the lost call may have made is given back ({@link #releaseAfterLostCall})
	 */
	Admission acceptWithToken(UUID bookingId, long eventId, long userId, int quantity, @Nullable Integer perUserLimit,
			@Nullable KeyClaim claim) {
		TokenAndReservation answer;
		try {
			answer = this.rateLimits.checkBookingAndReserve(userId, this.gate, eventId, bookingId, quantity,
					perUserLimit, claim);
		}
		catch (ApiException ex) {
			if (ex.getStatus() == HttpStatus.SERVICE_UNAVAILABLE) {
				releaseAfterLostCall(eventId, bookingId, userId, quantity);
			}
			throw ex;
		}
		if (answer.keyBusy()) {
			return Admission.keyBusy(bookingId);
		}
		String failure = answer.gateFailure();
		Gate gated = (failure != null) ? failedOpen(eventId, bookingId, failure)
				: decide(Objects.requireNonNull(answer.reservation()), false);
		return admit(gated, bookingId, eventId, userId, quantity, perUserLimit, false);
	}

	/**
	 * Gives back the lease of a booking whose token-and-RESERVE call got no answer in time, without waiting: Valkey may
	 * have run the call all the same, and the booking is not sent, so its seats would stay held for the lease TTL.
	 * RELEASE by booking id is idempotent and changes nothing when no lease exists; sent on the same connection after
	 * the lost call, it runs after it. Should it fail too, the lease expires and the reconciler gives its seats back.
	 */
	private void releaseAfterLostCall(long eventId, UUID bookingId, long userId, int quantity) {
		try {
			this.gate.settleAsync(eventId, bookingId, userId, LeaseOutcome.RELEASED, quantity)
				.whenComplete((result, ex) -> {
					if (ex != null) {
						logger.warn("Could not release booking {} of event {} after its Valkey call got no answer: "
								+ "its lease, if any, expires ({})", bookingId, eventId, ex.toString());
					}
				});
		}
		catch (ValkeyUnavailableException ex) {
			logger.warn("Could not release booking {} of event {} after its Valkey call got no answer: its lease, if "
					+ "any, expires ({})", bookingId, eventId, ex.toString());
		}
	}

	private Gate failedOpen(long eventId, UUID bookingId, String failure) {
		this.meters.skipped("script-error");
		logger.atWarn()
			.addKeyValue("bookingId", bookingId)
			.addKeyValue("eventId", eventId)
			.log("The gate's RESERVE failed in Valkey for booking {} of event {} ({}): the booking goes on ungated",
					bookingId, eventId, failure);
		return Gate.UNGATED;
	}

	/**
	 * @return true when {@link #acceptWithToken} can be used: the gate is on and shares the limiter's connection to one
	 * Valkey node
	 */
	boolean reservesWithTokens() {
		return this.gateProperties.enabled() && this.rateLimits.reservesWithBookingTokens(this.gate);
	}

	private Admission admit(Gate gated, UUID bookingId, long eventId, long userId, int quantity,
			@Nullable Integer perUserLimit, boolean resumed) {
		if (gated == Gate.SOLD_OUT) {
			return Admission.refused(Outcome.SOLD_OUT, bookingId, BookingProblems.soldOut(eventId));
		}
		if (gated == Gate.USER_LIMIT) {
			return Admission.refused(Outcome.USER_LIMIT, bookingId,
					BookingProblems.userLimit(eventId, Objects.requireNonNull(perUserLimit)));
		}
		BookingRequested request = BookingRequested.of(bookingId, eventId, userId, quantity, this.clock.instant(),
				gated == Gate.GATED);
		long retryAfter = this.properties.unavailableRetryAfter().toSeconds();
		boolean keep = resumed;
		try {
			if (!putPending(request)) {
				return notSent(request, resumed, "status-not-recorded",
						BookingProblems.statusNotRecorded(bookingId, retryAfter), null);
			}
			QueuePlace place = this.publisher.publish(request);
			keep = true;
			if (place != null) {
				recordPlace(bookingId, place);
			}
			this.meters.outcome(request.gated() ? "accepted" : "accepted-ungated");
			if (logger.isDebugEnabled()) {
				logger.atDebug()
					.addKeyValue("bookingId", bookingId)
					.addKeyValue("eventId", eventId)
					.log("Booking {} of event {} accepted", bookingId, eventId);
			}
			return Admission.accepted(bookingId);
		}
		catch (BookingNotSentException ex) {
			return notSent(request, resumed, "not-sent", BookingProblems.notSent(bookingId, retryAfter), ex);
		}
		catch (BookingUnconfirmedException ex) {
			keep = true;
			return unconfirmed(request, ex);
		}
		finally {
			if (!keep) {
				release(request);
				forgetPending(bookingId);
			}
		}
	}

	private Admission notSent(BookingRequested request, boolean resumed, String outcome, ApiException problem,
			@Nullable Exception cause) {
		if (resumed) {
			return unconfirmed(request, cause);
		}
		this.meters.outcome(outcome);
		logger.atWarn()
			.addKeyValue("bookingId", request.bookingId())
			.addKeyValue("eventId", request.eventId())
			.setCause(cause)
			.log("Booking {} of event {} was not accepted ({})", request.bookingId(), request.eventId(), outcome);
		return Admission.refused(Outcome.NOT_SENT, request.bookingId(), problem);
	}

	private Admission unconfirmed(BookingRequested request, @Nullable Exception cause) {
		this.meters.outcome("unconfirmed");
		logger.atWarn()
			.addKeyValue("bookingId", request.bookingId())
			.addKeyValue("eventId", request.eventId())
			.setCause(cause)
			.log("Booking {} of event {} may be in Kafka unacknowledged: its lease and PENDING status stay",
					request.bookingId(), request.eventId());
		return Admission.refused(Outcome.UNCONFIRMED, request.bookingId(),
				BookingProblems.unconfirmed(request.bookingId(), this.properties.unavailableRetryAfter().toSeconds()));
	}

	private Gate reserve(long eventId, UUID bookingId, long userId, int quantity, @Nullable Integer perUserLimit,
			boolean resumed) {
		if (!this.gateProperties.enabled()) {
			this.meters.skipped("disabled");
			return Gate.UNGATED;
		}
		Reservation reservation;
		try {
			reservation = this.gate.reserve(eventId, bookingId, userId, quantity, perUserLimit);
		}
		catch (ValkeyUnavailableException ex) {
			this.meters.skipped("unavailable");
			return Gate.UNGATED;
		}
		return decide(reservation, resumed);
	}

	private Gate decide(Reservation reservation, boolean resumed) {
		if (reservation.result() == ReserveResult.UNKNOWN) {
			this.meters.skipped("unknown");
			return Gate.UNGATED;
		}
		boolean refused = reservation.result() == ReserveResult.SOLD_OUT
				|| reservation.result() == ReserveResult.USER_LIMIT;
		if (refused && resumed) {
			// An earlier send of this booking may be in Kafka: a 409 could contradict its settle, so Postgres decides.
			this.meters.skipped("resumed");
			return Gate.UNGATED;
		}
		if (reservation.result() == ReserveResult.SOLD_OUT) {
			this.meters.decision("sold-out");
			this.meters.outcome("sold-out");
			return Gate.SOLD_OUT;
		}
		if (reservation.result() == ReserveResult.USER_LIMIT) {
			this.meters.decision("user-limit");
			this.meters.outcome("user-limit");
			return Gate.USER_LIMIT;
		}
		this.meters.decision("reserved");
		return Gate.GATED;
	}

	/**
	 * @return true when the PENDING status is written (or a status was already there); false when Valkey failed, and
	 * then the booking must not be sent: its 202 would point to a status URL that answers 404
	 */
	private boolean putPending(BookingRequested request) {
		try {
			this.statusCache.put(new CachedBooking(request.bookingId(), request.eventId(), request.userId(),
					request.quantity(), BookingStatus.PENDING, null, null));
			return true;
		}
		catch (ValkeyUnavailableException ex) {
			return false;
		}
	}

	/**
	 * Records where the booking's record sits, for its status polls' queue position, without waiting: the 202 stands
	 * whatever Valkey says, and a booking whose place was not recorded is answered without a position.
	 */
	private void recordPlace(UUID bookingId, QueuePlace place) {
		try {
			this.statusCache.recordPlaceAsync(bookingId, place).whenComplete((recorded, ex) -> {
				if (ex != null) {
					logger.debug("Could not record the queue place of booking {}: {}", bookingId, ex.toString());
				}
			});
		}
		catch (ValkeyUnavailableException ex) {
			logger.debug("Could not record the queue place of booking {}: {}", bookingId, ex.toString());
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

	/**
	 * What the gate said.
	 */
	private enum Gate {

		/** A lease holds the seats. */
		GATED,

		/** No lease: the gate is off, unreachable or has no counter, or does not decide (a resumed booking). */
		UNGATED,

		/** Too few seats: nothing was taken. */
		SOLD_OUT,

		/** The user's seats would pass the event's per-user limit: nothing was taken. */
		USER_LIMIT

	}

}
