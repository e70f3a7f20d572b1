package io.minitickets.worker.waitlist;

import java.time.OffsetDateTime;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.expiry.HoldExpirer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-user limit counts offers too (issue 16, item 5), the expirer called directly: the gate counts an offer's
 * seats against its user's limit from the commit that made it until it ends, and Postgres makes no offer that would
 * take its user past the limit (the entry is passed over and keeps its place).
 */
@TestPropertySource(properties = "minitickets.holds.expiry-interval=1h")
class TheUserLimitCountsOffersIntegrationTests extends WorkerIntegrationTestSupport {

	private static final int LIMIT = 2;

	@Autowired
	private HoldExpirer expirer;

	@Autowired
	private InventoryGate gate;

	@Test
	void theGateCountsAnOffersSeatsAgainstItsUserUntilTheOfferEnds() {
		long eventId = event(3);
		held(eventId, 1, 2, true);
		this.gate.load(eventId, 1);
		long entry = join(eventId, 10, 2);

		this.expirer.expireDue();

		assertThat(state(entry)).isEqualTo("OFFERED");
		assertThat(this.gate.reserve(eventId, UUID.randomUUID(), 10, 1, LIMIT).result())
			.as("an offer of 2 seats and 1 more pass the limit of 2")
			.isEqualTo(ReserveResult.USER_LIMIT);
		assertThat(this.gate.reserve(eventId, UUID.randomUUID(), 11, 1, LIMIT).result())
			.as("the free seat is still there for someone else")
			.isEqualTo(ReserveResult.RESERVED);

		this.jdbc.update("update bookings set hold_expires_at = now() - interval '1 second' where id = ?",
				offerOf(entry));
		this.expirer.expireDue();

		assertThat(state(entry)).isEqualTo("EXPIRED");
		assertThat(this.gate.available(eventId)).as("no entry left: the offer's seats back to the gate").hasValue(2);
		assertThat(this.gate.reserve(eventId, UUID.randomUUID(), 10, 2, LIMIT).result())
			.as("the expired offer's seats are off its user's count")
			.isEqualTo(ReserveResult.RESERVED);
	}

	@Test
	void anEntryWhoseOfferWouldTakeItsUserPastTheLimitIsPassedOver() {
		long eventId = event(5);
		held(eventId, 10, 1, false);
		held(eventId, 1, 2, true);
		this.gate.load(eventId, 0);
		long overTheLimit = join(eventId, 10, 2);
		long next = join(eventId, 11, 2);

		this.expirer.expireDue();

		assertThat(state(overTheLimit)).as("1 seat held and 2 offered would pass the limit of 2").isEqualTo("WAITING");
		assertThat(state(next)).isEqualTo("OFFERED");
		assertThat(this.jdbc.queryForObject(
				"select coalesce(sum(quantity), 0) from bookings where event_id = ? and user_id = 10 and status in "
						+ "('HELD', 'CONFIRMED')", Integer.class, eventId))
			.isEqualTo(1);
	}

	private long event(int capacity) {
		Long id = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, per_user_limit, price, currency)
				values ('per-user limit test event', ?, now(), ?, 2500, 'EUR') returning id""", Long.class, capacity,
				LIMIT);
		return id;
	}

	/**
	 * A HELD booking as the settlement writes it, its seats in seats_sold.
	 * @param due true for a hold already past its expiry
	 */
	private void held(long eventId, long userId, int quantity, boolean due) {
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, ?, ?, 'HELD', false, now(), ?, ?, 'EUR')""", UUID.randomUUID(), eventId, userId, quantity,
				OffsetDateTime.now().plusSeconds(due ? -1 : 600), 2500L * quantity);
		this.jdbc.update("update events set seats_sold = seats_sold + ? where id = ?", quantity, eventId);
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

}
