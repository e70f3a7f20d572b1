package io.minitickets.worker.cancellation;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.HoldExpirer;
import io.minitickets.worker.payment.PaymentApplier;
import io.minitickets.worker.payment.RefundRetrier;
import io.minitickets.worker.payment.RefundStub;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Invariants 7 and 8 for cancellations: a cancelled booking's seats come back once (to Postgres and to the gate), a
 * paid one is refunded once, a cancellation past the event's deadline changes nothing. The applier and the expirer
 * are called directly (their schedules are an hour here) so a cancellation racing its hold's expiry runs in both
 * orders; one cancellation goes through {@code cancellations.requested} and the listener. Refunds go to
 * {@link RefundStub} through the production Stripe adapter.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.refunds.retry-interval=1h",
		"minitickets.refunds.retry-after=0s" })
class ACancelledBookingReturnsItsSeatsOnceIntegrationTests extends WorkerIntegrationTestSupport {

	static final RefundStub PROVIDER = new RefundStub();

	private static final int CAPACITY = 5;

	@Autowired
	private CancellationApplier applier;

	@Autowired
	private PaymentApplier payments;

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private RefundRetrier retrier;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@DynamicPropertySource
	static void provider(DynamicPropertyRegistry registry) {
		PROVIDER.register(registry);
	}

	@Test
	void aCancelledHoldGivesItsSeatsBackToPostgresAndTheGateThroughTheTopic() {
		long eventId = event(2500, null);
		Booking held = hold(eventId, 2, false);

		this.kafka.send(BookingTopics.CANCELLATIONS_REQUESTED, Long.toString(eventId), cancel(held));

		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(status(held)).isEqualTo("CANCELLED"));
		assertThat(seatsSold(eventId)).isZero();
		assertThat(this.gate.available(eventId)).hasValue(CAPACITY);
		assertThat(this.statusCache.get(held.id()).map(CachedBooking::status)).hasValue(BookingStatus.CANCELLED);
		assertThat(this.jdbc.queryForObject("select ended_at is not null from bookings where id = ?", Boolean.class,
				held.id())).isTrue();
		assertSeatsConserved(eventId);
	}

	@Test
	void aConfirmedFreeBookingIsCancelledWithoutARefund() {
		long eventId = event(0, null);
		Booking confirmed = book(eventId, 3, "CONFIRMED");

		assertThat(this.applier.apply(cancel(confirmed))).isEqualTo(CancellationOutcome.CANCELLED);

		assertThat(status(confirmed)).isEqualTo("CANCELLED");
		assertThat(count("select count(*) from refunds where booking_id = ?", confirmed.id())).isZero();
		assertSeatsConserved(eventId);
	}

	@Test
	void aPaidBookingCancelledTwiceIsRefundedOnce() {
		long eventId = event(2500, null);
		Booking paid = hold(eventId, 2, false);
		String paymentId = "pi_" + UUID.randomUUID();
		this.payments.apply(new PaymentReceived("evt_" + UUID.randomUUID(), paid.id(), eventId, true, paymentId, 5000,
				"EUR", Instant.now()));
		assertThat(status(paid)).isEqualTo("CONFIRMED");

		assertThat(this.applier.apply(cancel(paid))).isEqualTo(CancellationOutcome.CANCELLED_REFUNDED);
		assertThat(this.applier.apply(cancel(paid))).isEqualTo(CancellationOutcome.ALREADY_ENDED);

		assertThat(status(paid)).isEqualTo("CANCELLED");
		assertThat(this.jdbc.queryForObject("select provider_payment_id from refunds where booking_id = ?",
				String.class, paid.id())).isEqualTo(paymentId);
		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is not null", paid.id()))
			.isEqualTo(1);
		assertThat(PROVIDER.calls()).filteredOn(("refund-" + paid.id())::equals).hasSize(1);
		assertThat(PROVIDER.issued()).containsKey("refund-" + paid.id());
		assertSeatsConserved(eventId);
	}

	@Test
	void aCancelledBookingsRefundTheProviderCannotTakeIsIssuedOnceLater() {
		long eventId = event(2500, null);
		Booking paid = hold(eventId, 2, false);
		this.payments.apply(new PaymentReceived("evt_" + UUID.randomUUID(), paid.id(), eventId, true,
				"pi_" + UUID.randomUUID(), 5000, "EUR", Instant.now()));
		PROVIDER.down = true;
		try {
			assertThat(this.applier.apply(cancel(paid))).isEqualTo(CancellationOutcome.CANCELLED_REFUNDED);
		}
		finally {
			PROVIDER.down = false;
		}
		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is null", paid.id()))
			.isEqualTo(1);

		this.retrier.retryPending();
		this.retrier.retryPending();

		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is not null", paid.id()))
			.isEqualTo(1);
		assertThat(PROVIDER.issued()).containsKey("refund-" + paid.id());
		assertSeatsConserved(eventId);
	}

	@Test
	void aCancellationThatArrivesPastTheDeadlineChangesNothing() {
		long eventId = event(2500, Instant.now().minusSeconds(60));
		Booking held = hold(eventId, 2, false);

		assertThat(this.applier.apply(cancel(held))).isEqualTo(CancellationOutcome.TOO_LATE);

		assertThat(status(held)).isEqualTo("HELD");
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(this.gate.available(eventId)).hasValue(CAPACITY - 2);
		assertSeatsConserved(eventId);
	}

	@Test
	void aCancellationRacingItsHoldsExpiryCancelledFirstReturnsTheSeatsOnce() {
		long eventId = event(2500, null);
		Booking held = hold(eventId, 2, true);

		assertThat(this.applier.apply(cancel(held))).isEqualTo(CancellationOutcome.CANCELLED);
		this.expirer.expireDue();

		assertThat(status(held)).isEqualTo("CANCELLED");
		assertThat(seatsSold(eventId)).isZero();
		assertThat(this.gate.available(eventId)).hasValue(CAPACITY);
		assertSeatsConserved(eventId);
	}

	@Test
	void aCancellationRacingItsHoldsExpiryExpiredFirstChangesNothing() {
		long eventId = event(2500, null);
		Booking held = hold(eventId, 2, true);

		this.expirer.expireDue();
		assertThat(this.applier.apply(cancel(held))).isEqualTo(CancellationOutcome.ALREADY_ENDED);

		assertThat(status(held)).isEqualTo("EXPIRED");
		assertThat(seatsSold(eventId)).isZero();
		assertThat(this.gate.available(eventId)).hasValue(CAPACITY);
		assertSeatsConserved(eventId);
	}

	@Test
	void anOperatorsRefundEndsAPaidBookingRefundedOnceWhateverTheDeadline() {
		long eventId = event(2500, Instant.now().minusSeconds(60));
		Booking paid = hold(eventId, 2, false);
		String paymentId = "pi_" + UUID.randomUUID();
		this.payments.apply(new PaymentReceived("evt_" + UUID.randomUUID(), paid.id(), eventId, true, paymentId, 5000,
				"EUR", Instant.now()));

		assertThat(this.applier.apply(refundBy("alice", paid))).isEqualTo(CancellationOutcome.REFUNDED_BY_OPERATOR);
		assertThat(this.applier.apply(refundBy("alice", paid))).isEqualTo(CancellationOutcome.ALREADY_ENDED);

		assertThat(status(paid)).isEqualTo("REFUNDED");
		assertThat(this.jdbc.queryForObject("select reason from refunds where provider_payment_id = ?", String.class,
				paymentId)).isEqualTo("refunded by an operator (alice)");
		assertThat(PROVIDER.calls()).filteredOn(("refund-" + paid.id())::equals).hasSize(1);
		assertThat(this.statusCache.get(paid.id()).map(CachedBooking::status)).hasValue(BookingStatus.REFUNDED);
		assertSeatsConserved(eventId);
	}

	@Test
	void anOperatorsRefundOfABookingWithoutAPaymentChangesNothing() {
		long eventId = event(2500, null);
		Booking held = hold(eventId, 2, false);
		long freeEventId = event(0, null);
		Booking free = book(freeEventId, 1, "CONFIRMED");

		assertThat(this.applier.apply(refundBy("bob", held))).isEqualTo(CancellationOutcome.NOT_REFUNDABLE);
		assertThat(this.applier.apply(refundBy("bob", free))).isEqualTo(CancellationOutcome.NOT_REFUNDABLE);

		assertThat(status(held)).isEqualTo("HELD");
		assertThat(status(free)).isEqualTo("CONFIRMED");
		assertThat(count("select count(*) from refunds where booking_id in (?, ?)", held.id(), free.id())).isZero();
		assertSeatsConserved(eventId);
		assertSeatsConserved(freeEventId);
	}

	/**
	 * Invariant 8 with the pipeline quiet (no live leases here): what the gate offers plus the seats HELD and
	 * CONFIRMED is the capacity, and seats_sold is the HELD and CONFIRMED quantities.
	 */
	private void assertSeatsConserved(long eventId) {
		long taken = count("""
				select coalesce(sum(quantity), 0) from bookings where event_id = ? and status in ('HELD', 'CONFIRMED')""",
				eventId);
		assertThat(seatsSold(eventId)).isEqualTo(taken);
		assertThat(this.gate.available(eventId).orElseThrow() + taken).isEqualTo(CAPACITY);
	}

	private long event(long price, Instant cancellableUntil) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds, cancellable_until)
				values ('cancellation test event', ?, now(), ?, 'EUR', 90, ?) returning id""", Long.class, CAPACITY,
				price, (cancellableUntil != null) ? java.sql.Timestamp.from(cancellableUntil) : null);
		this.gate.load(id, CAPACITY);
		return id;
	}

	/**
	 * A HELD booking of 2500 EUR a seat, as the settlement writes it: its seats in seats_sold and taken at the gate.
	 * @param due true for a hold already past its expiry
	 */
	private Booking hold(long eventId, int quantity, boolean due) {
		Booking booking = book(eventId, quantity, "HELD");
		this.jdbc.update("""
				update bookings set hold_expires_at = now() + (? * interval '1 second'), amount = ?, currency = 'EUR'
				where id = ?""", due ? -1 : 600, 2500L * quantity, booking.id());
		return booking;
	}

	private Booking book(long eventId, int quantity, String status) {
		UUID bookingId = UUID.randomUUID();
		long userId = Math.abs(bookingId.getLeastSignificantBits() % 1_000_000);
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
				values (?, ?, ?, ?, ?, false, now())""", bookingId, eventId, userId, quantity, status);
		this.jdbc.update("update events set seats_sold = seats_sold + ? where id = ?", quantity, eventId);
		this.gate.load(eventId, CAPACITY - Math.toIntExact(seatsSold(eventId)));
		return new Booking(bookingId, eventId, userId);
	}

	private static CancellationRequested cancel(Booking booking) {
		return new CancellationRequested(booking.id(), booking.eventId(), booking.userId(), Instant.now());
	}

	private static CancellationRequested refundBy(String operator, Booking booking) {
		return new CancellationRequested(booking.id(), booking.eventId(), booking.userId(), Instant.now(), operator);
	}

	private String status(Booking booking) {
		return this.jdbc.queryForObject("select status from bookings where id = ?", String.class, booking.id());
	}

	private long count(String sql, Object... args) {
		Long count = this.jdbc.queryForObject(sql, Long.class, args);
		return (count != null) ? count : 0;
	}

	private record Booking(UUID id, long eventId, long userId) {
	}

}
