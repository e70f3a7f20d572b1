package io.minitickets.worker.payment;

import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.HoldExpirer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Invariant 7, money matches seats: every successful payment ends as exactly one CONFIRMED booking or exactly one
 * refund, a webhook is applied once per provider event id, a refund is issued once. The applier and the expirer are
 * called directly (their schedules are an hour here) so a payment racing its hold's expiry runs in both orders; one
 * payment goes through {@code payments.received} and the listener. Refunds go to {@link RefundStub} through the
 * production Stripe adapter.
 */
@TestPropertySource(properties = { "minitickets.holds.expiry-interval=1h", "minitickets.refunds.retry-interval=1h",
		"minitickets.refunds.retry-after=0s" })
class MoneyMatchesSeatsIntegrationTests extends WorkerIntegrationTestSupport {

	static final RefundStub PROVIDER = new RefundStub();

	@Autowired
	private PaymentApplier applier;

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
	void aPaymentOnAHeldBookingConfirmsItThroughTheTopic() {
		long eventId = paidEvent(5);
		UUID bookingId = hold(eventId, 2, false);

		this.kafka.send(BookingTopics.PAYMENTS_RECEIVED, Long.toString(eventId), paid(eventId, bookingId, "evt_a"));

		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(status(bookingId)).isEqualTo("CONFIRMED"));
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(this.jdbc.queryForObject("select paid_at is not null from bookings where id = ?", Boolean.class,
				bookingId)).isTrue();
		assertThat(this.statusCache.get(bookingId).map(CachedBooking::status)).hasValue(BookingStatus.CONFIRMED);
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aWebhookDeliveredTwiceIsAppliedOnce() {
		long eventId = paidEvent(5);
		UUID bookingId = hold(eventId, 2, false);
		PaymentReceived payment = paid(eventId, bookingId, "evt_twice");

		assertThat(this.applier.apply(payment)).isEqualTo(PaymentOutcome.CONFIRMED);
		assertThat(this.applier.apply(payment)).isEqualTo(PaymentOutcome.DUPLICATE);
		PaymentReceived samePaymentOtherEvent = new PaymentReceived("evt_other_" + UUID.randomUUID(), bookingId,
				eventId, true, payment.providerPaymentId(), 5000, "EUR", Instant.now());
		assertThat(this.applier.apply(samePaymentOtherEvent)).as("one payment, two provider events")
			.isEqualTo(PaymentOutcome.DUPLICATE);

		assertThat(count("select count(*) from payments where booking_id = ?", bookingId)).isEqualTo(1);
		assertThat(count("select count(*) from refunds where booking_id = ?", bookingId)).isZero();
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aFailedPaymentIsRecordedAndTheHoldRunsOn() {
		long eventId = paidEvent(5);
		UUID bookingId = hold(eventId, 2, false);
		PaymentReceived failed = new PaymentReceived("evt_failed_" + UUID.randomUUID(), bookingId, eventId, false,
				null, 0, "EUR", Instant.now());

		assertThat(this.applier.apply(failed)).isEqualTo(PaymentOutcome.FAILED);

		assertThat(status(bookingId)).isEqualTo("HELD");
		assertThat(this.jdbc.queryForObject("select outcome from payments where booking_id = ?", String.class,
				bookingId)).isEqualTo("FAILED_RECORDED");
	}

	@Test
	void aLatePaymentConfirmsWhileTheSeatsAreStillFree() {
		long eventId = paidEvent(5);
		this.gate.load(eventId, 3);
		UUID bookingId = hold(eventId, 2, true);
		this.expirer.expireDue();
		assertThat(this.gate.available(eventId)).hasValue(5);

		assertThat(this.applier.apply(paid(eventId, bookingId, "evt_late"))).isEqualTo(
				PaymentOutcome.CONFIRMED_AFTER_EXPIRY);

		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(this.gate.available(eventId)).as("the gate took the seats again").hasValue(3);
		assertThat(this.jdbc.queryForObject("select ended_at is not null from bookings where id = ?", Boolean.class,
				bookingId)).as("kept, so the reconciler marks its expiry's RETURN done").isTrue();
		assertThat(PROVIDER.calls()).noneMatch((key) -> key.contains(bookingId.toString()));
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aLatePaymentIsRefundedOnceWhenTheSeatsAreGone() {
		long eventId = paidEvent(2);
		UUID bookingId = hold(eventId, 2, true);
		this.expirer.expireDue();
		hold(eventId, 2, false);
		PaymentReceived late = paid(eventId, bookingId, "evt_gone");

		assertThat(this.applier.apply(late)).isEqualTo(PaymentOutcome.REFUNDED);
		assertThat(this.applier.apply(late)).isEqualTo(PaymentOutcome.DUPLICATE);
		this.retrier.retryPending();

		assertThat(status(bookingId)).isEqualTo("REFUNDED");
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(this.jdbc.queryForObject("select reason from refunds where booking_id = ?", String.class,
				bookingId)).isEqualTo("hold expired");
		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is not null", bookingId))
			.isEqualTo(1);
		assertThat(PROVIDER.issued()).containsKey("refund-" + bookingId);
		assertThat(PROVIDER.calls()).filteredOn(("refund-" + bookingId)::equals).hasSize(1);
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aSecondPaymentOfAPaidBookingIsRefundedAndTheBookingStaysConfirmed() {
		long eventId = paidEvent(5);
		UUID bookingId = hold(eventId, 2, false);
		this.applier.apply(paid(eventId, bookingId, "evt_first"));
		PaymentReceived second = paid(eventId, bookingId, "evt_second");

		assertThat(this.applier.apply(second)).isEqualTo(PaymentOutcome.REFUNDED);

		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
		assertThat(PROVIDER.issued()).containsKey("refund-" + second.providerPaymentId())
			.doesNotContainKey("refund-" + bookingId);
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aRefundTheProviderCannotTakeStaysPendingAndIsIssuedOnceLater() {
		long eventId = paidEvent(2);
		UUID bookingId = hold(eventId, 2, true);
		this.expirer.expireDue();
		hold(eventId, 2, false);
		PROVIDER.down = true;
		try {
			assertThat(this.applier.apply(paid(eventId, bookingId, "evt_down"))).isEqualTo(PaymentOutcome.REFUNDED);
		}
		finally {
			PROVIDER.down = false;
		}
		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is null", bookingId))
			.isEqualTo(1);

		this.retrier.retryPending();
		this.retrier.retryPending();

		assertThat(count("select count(*) from refunds where booking_id = ? and done_at is not null", bookingId))
			.isEqualTo(1);
		assertThat(PROVIDER.issued()).containsKey("refund-" + bookingId);
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aPaymentRacingItsExpiryPaidFirstKeepsTheSeats() {
		long eventId = paidEvent(2);
		UUID bookingId = hold(eventId, 2, true);

		assertThat(this.applier.apply(paid(eventId, bookingId, "evt_race_a"))).isEqualTo(PaymentOutcome.CONFIRMED);
		this.expirer.expireDue();

		assertThat(status(bookingId)).isEqualTo("CONFIRMED");
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertMoneyMatchesSeats(eventId);
	}

	@Test
	void aPaymentRacingItsExpiryExpiredFirstConfirmsOrRefunds() {
		long free = paidEvent(2);
		UUID confirmed = hold(free, 2, true);
		this.expirer.expireDue();
		assertThat(this.applier.apply(paid(free, confirmed, "evt_race_b"))).isEqualTo(
				PaymentOutcome.CONFIRMED_AFTER_EXPIRY);
		assertThat(seatsSold(free)).isEqualTo(2);
		assertMoneyMatchesSeats(free);

		long taken = paidEvent(2);
		UUID refunded = hold(taken, 2, true);
		this.expirer.expireDue();
		hold(taken, 2, false);
		assertThat(this.applier.apply(paid(taken, refunded, "evt_race_c"))).isEqualTo(PaymentOutcome.REFUNDED);
		assertThat(seatsSold(taken)).isEqualTo(2);
		assertMoneyMatchesSeats(taken);
	}

	/**
	 * Seats taken are the HELD and CONFIRMED quantities; every successful payment is one CONFIRMED booking or one
	 * refund; no CONFIRMED booking of the paid event without a successful payment; at most one refund per payment.
	 */
	private void assertMoneyMatchesSeats(long eventId) {
		assertThat(seatsSold(eventId)).isEqualTo(count("""
				select coalesce(sum(quantity), 0) from bookings where event_id = ? and status in ('HELD', 'CONFIRMED')""",
				eventId));
		long succeeded = count("""
				select count(*) from payments p join bookings b on b.id = p.booking_id
				where b.event_id = ? and p.kind = 'SUCCEEDED'""", eventId);
		long confirmedPaid = count("""
				select count(*) from bookings b where b.event_id = ? and b.status = 'CONFIRMED'
				and exists (select 1 from payments p where p.booking_id = b.id and p.outcome = 'CONFIRMED')""", eventId);
		long refunds = count("select count(*) from refunds r join bookings b on b.id = r.booking_id where b.event_id = ?",
				eventId);
		assertThat(succeeded).isEqualTo(confirmedPaid + refunds);
		assertThat(count("""
				select count(*) from bookings b where b.event_id = ? and b.status = 'CONFIRMED'
				and not exists (select 1 from payments p where p.booking_id = b.id and p.outcome = 'CONFIRMED')""",
				eventId)).as("no confirmed paid booking without a payment").isZero();
	}

	private long paidEvent(int capacity) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds)
				values ('paid test event', ?, now(), 2500, 'EUR', 90) returning id""", Long.class, capacity);
		return id;
	}

	/**
	 * A HELD booking of 2500 EUR a seat, as the settlement writes it, its seats counted in seats_sold.
	 * @param due true for a hold already past its expiry
	 */
	private UUID hold(long eventId, int quantity, boolean due) {
		UUID bookingId = UUID.randomUUID();
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, ?, ?, 'HELD', false, now(), now() + (? * interval '1 second'), ?, 'EUR')""", bookingId,
				eventId, Math.abs(bookingId.getLeastSignificantBits() % 1_000_000), quantity, due ? -1 : 600,
				2500L * quantity);
		this.jdbc.update("update events set seats_sold = seats_sold + ? where id = ?", quantity, eventId);
		return bookingId;
	}

	private static PaymentReceived paid(long eventId, UUID bookingId, String name) {
		String unique = name + "_" + UUID.randomUUID();
		return new PaymentReceived(unique, bookingId, eventId, true, "pi_" + unique, 5000, "EUR", Instant.now());
	}

	private String status(UUID bookingId) {
		return this.jdbc.queryForObject("select status from bookings where id = ?", String.class, bookingId);
	}

	private long count(String sql, Object... args) {
		Long count = this.jdbc.queryForObject(sql, Long.class, args);
		return (count != null) ? count : 0;
	}

}
