package io.minitickets.worker.waitlist;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.ExpiryRun;
import io.minitickets.worker.expiry.HoldExpirer;
import io.minitickets.worker.payment.PaymentApplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Returned seats go to the waiting list first (DESIGN.md, "After the 202", invariant 8), the expirer called directly
 * (its schedule is an hour here): the oldest entries whose whole quantity fits get a HELD offer with the event's
 * offer window in the transaction that frees the seats, an older entry that does not fit is passed over, only the
 * seats no entry takes go back to the gate, an unpaid offer expires and its seats go on down the list, a paid one
 * marks its entry TAKEN, and a cancelled free booking's seats become a CONFIRMED offer. After each step, Postgres and
 * the gate agree: what the gate offers plus the seats HELD and CONFIRMED is the capacity.
 */
@TestPropertySource(properties = "minitickets.holds.expiry-interval=1h")
class ReturnedSeatsGoToTheWaitingListFirstIntegrationTests extends WorkerIntegrationTestSupport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int OFFER_SECONDS = 900;

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private PaymentApplier payments;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Autowired
	private MeterRegistry meters;

	@Test
	void anOlderEntryThatDoesNotFitIsPassedOverAndNothingGoesBackToTheGate() {
		long eventId = event(5, 2500);
		UUID due = booking(eventId, 1, 2, "HELD", true);
		booking(eventId, 2, 3, "CONFIRMED", false);
		this.gate.load(eventId, 0);
		long older = join(eventId, 10, 3);
		long newer = join(eventId, 11, 2);
		double madeBefore = offers("made");

		ExpiryRun run = this.expirer.expireDue();

		assertThat(run.bookings()).isEqualTo(1);
		assertThat(status(due)).isEqualTo("EXPIRED");
		assertThat(state(older)).isEqualTo("WAITING");
		assertThat(state(newer)).isEqualTo("OFFERED");
		UUID offer = offerOf(newer);
		assertThat(this.jdbc.queryForObject("""
				select user_id = 11 and quantity = 2 and status = 'HELD' and amount = 5000 and currency = 'EUR'
				       and not gated from bookings where id = ?""", Boolean.class, offer)).isTrue();
		Instant expiresAt = this.jdbc
			.queryForObject("select hold_expires_at from bookings where id = ?", OffsetDateTime.class, offer)
			.toInstant();
		assertThat(Duration.between(Instant.now(), expiresAt).toSeconds()).isCloseTo(OFFER_SECONDS, within(30L));
		assertThat(seatsSold(eventId)).as("the seats moved to the offer without being free").isEqualTo(5);
		assertThat(this.gate.available(eventId)).as("nothing returned to the gate").hasValue(0);
		assertThat(this.statusCache.get(offer)).hasValue(new CachedBooking(offer, eventId, 11, 2, BookingStatus.HELD,
				null, new CachedBooking.Hold(expiresAt, 5000, "EUR")));
		assertThat(published(offer)).extracting(BookingSettled::status).containsExactly(BookingStatus.HELD);
		assertThat(offers("made") - madeBefore).isEqualTo(1);
		assertSeatsConserved(eventId, 5);
	}

	@Test
	void fiveFreedSeatsGoToTwoEntriesOfTwoAndOneGoesBackToTheGate() {
		long eventId = event(5, 2500);
		booking(eventId, 1, 5, "HELD", true);
		this.gate.load(eventId, 0);
		long first = join(eventId, 10, 2);
		long second = join(eventId, 11, 2);

		this.expirer.expireDue();

		assertThat(state(first)).isEqualTo("OFFERED");
		assertThat(state(second)).isEqualTo("OFFERED");
		assertThat(seatsSold(eventId)).isEqualTo(4);
		assertThat(this.gate.available(eventId)).hasValue(1);
		assertThat(this.expirer.expireDue()).as("each seat is handed out once").isEqualTo(new ExpiryRun(0, 0, 0, true));
		assertThat(this.gate.available(eventId)).hasValue(1);
		assertSeatsConserved(eventId, 5);
	}

	@Test
	void anUnpaidOfferExpiresAndItsSeatsGoToTheNextEntryWhosePaymentTakesIt() {
		long eventId = event(2, 2500);
		booking(eventId, 1, 2, "HELD", true);
		this.gate.load(eventId, 0);
		long first = join(eventId, 10, 2);
		long second = join(eventId, 11, 2);
		this.expirer.expireDue();
		UUID firstOffer = offerOf(first);
		assertThat(state(second)).isEqualTo("WAITING");
		this.jdbc.update("update bookings set hold_expires_at = now() - interval '1 second' where id = ?", firstOffer);
		double expiredBefore = offers("expired");
		double takenBefore = offers("taken");

		this.expirer.expireDue();

		assertThat(status(firstOffer)).isEqualTo("EXPIRED");
		assertThat(state(first)).isEqualTo("EXPIRED");
		assertThat(state(second)).isEqualTo("OFFERED");
		assertThat(offers("expired") - expiredBefore).isEqualTo(1);
		assertThat(seatsSold(eventId)).isEqualTo(2);
		assertThat(this.gate.available(eventId)).hasValue(0);
		assertSeatsConserved(eventId, 2);

		UUID secondOffer = offerOf(second);
		this.payments.apply(new PaymentReceived("evt_" + UUID.randomUUID(), secondOffer, eventId, true,
				"pi_" + UUID.randomUUID(), 5000, "EUR", Instant.now()));
		assertThat(status(secondOffer)).isEqualTo("CONFIRMED");
		assertThat(state(second)).isEqualTo("TAKEN");
		assertThat(offers("taken") - takenBefore).isEqualTo(1);
		assertSeatsConserved(eventId, 2);
	}

	@Test
	void aCancelledFreeBookingsSeatsBecomeAConfirmedOffer() {
		long eventId = event(3, 0);
		UUID cancelled = booking(eventId, 1, 3, "CONFIRMED", false);
		this.gate.load(eventId, 0);
		long entry = join(eventId, 10, 3);

		this.kafka.send(BookingTopics.CANCELLATIONS_REQUESTED, Long.toString(eventId),
				new CancellationRequested(cancelled, eventId, 1, Instant.now()));

		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(state(entry)).isEqualTo("TAKEN"));
		UUID offer = offerOf(entry);
		assertThat(status(offer)).isEqualTo("CONFIRMED");
		assertThat(this.jdbc.queryForObject(
				"select hold_expires_at is null and amount is null from bookings where id = ?", Boolean.class, offer))
			.isTrue();
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.statusCache.get(offer).map(CachedBooking::status))
			.hasValue(BookingStatus.CONFIRMED));
		assertThat(this.gate.available(eventId)).hasValue(0);
		assertSeatsConserved(eventId, 3);
	}

	/**
	 * Invariant 8 with the pipeline quiet (no live leases here): what the gate offers plus the seats HELD and
	 * CONFIRMED is the capacity, and seats_sold is the HELD and CONFIRMED quantities.
	 */
	private void assertSeatsConserved(long eventId, int capacity) {
		Long taken = this.jdbc.queryForObject("""
				select coalesce(sum(quantity), 0) from bookings
				where event_id = ? and status in ('HELD', 'CONFIRMED')""",
				Long.class, eventId);
		assertThat((long) seatsSold(eventId)).isEqualTo(taken);
		assertThat(this.gate.available(eventId).orElseThrow() + taken).isEqualTo(capacity);
	}

	private long event(int capacity, long price) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds, offer_seconds)
				values ('waiting list test event', ?, now(), ?, 'EUR', 600, ?) returning id""", Long.class, capacity,
				price, OFFER_SECONDS);
		return id;
	}

	/**
	 * A booking as the settlement writes it, its seats in seats_sold; a HELD one of 2500 EUR a seat.
	 * @param due true for a hold already past its expiry
	 */
	private UUID booking(long eventId, long userId, int quantity, String status, boolean due) {
		UUID bookingId = UUID.randomUUID();
		boolean held = status.equals("HELD");
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, ?, ?, ?, false, now(), ?, ?, ?)""", bookingId, eventId, userId, quantity, status,
				held ? OffsetDateTime.now().plusSeconds(due ? -1 : 600) : null, held ? 2500L * quantity : null,
				held ? "EUR" : null);
		this.jdbc.update("update events set seats_sold = seats_sold + ? where id = ?", quantity, eventId);
		return bookingId;
	}

	private long join(long eventId, long userId, int quantity) {
		Long id = this.jdbc.queryForObject("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at)
				values (?, ?, ?, clock_timestamp()) returning id""", Long.class, eventId, userId, quantity);
		return id;
	}

	private String state(long entryId) {
		return this.jdbc.queryForObject("select state from waitlist_entries where id = ?", String.class, entryId);
	}

	private UUID offerOf(long entryId) {
		return this.jdbc.queryForObject("select offer_booking_id from waitlist_entries where id = ?", UUID.class,
				entryId);
	}

	private String status(UUID bookingId) {
		return this.jdbc.queryForObject("select status from bookings where id = ?", String.class, bookingId);
	}

	private double offers(String outcome) {
		return this.meters.counter("minitickets.waitlist.offers", "outcome", outcome).count();
	}

	private List<BookingSettled> published(UUID bookingId) {
		return readAll(BookingTopics.SETTLED).stream()
			.map((record) -> JSON.readValue(record.value(), BookingSettled.class))
			.filter((settled) -> settled.bookingId().equals(bookingId))
			.toList();
	}

}
