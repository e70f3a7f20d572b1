package io.minitickets.reconciler.inventory;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.inventory.ReturnResult;
import io.minitickets.core.inventory.ReturnedBooking;
import io.minitickets.core.reconcile.EventReconciler;
import io.minitickets.core.reconcile.EventTruth;
import io.minitickets.core.reconcile.InventoryTruths;
import io.minitickets.core.testing.TestInfrastructure;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gate learns of an expired hold's seats once (DESIGN.md, invariant 8, "The gate learns of returned seats after the
 * commit"): the reconciler counts HELD seats as taken and EXPIRED ones as free, repairs a lost RETURN, and a RETURN
 * that arrives after a reconcile already counted the expiry adds nothing, nor does one past its deadline. Each race is played deterministically: the
 * expiry's commit or its RETURN is run from inside the reconcile, right after its read of Postgres.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "minitickets.schema.migrate=true", "minitickets.reconciler.interval=1h" })
class ExpiredHoldsAreReturnedOnceIntegrationTests {

	private static final int CAPACITY = 10;

	private static final int HELD = 3;

	/** The hold's user. */
	private static final long USER = 5;

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@Autowired
	private InventoryReconciliation reconciliation;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private ReconcilerProperties properties;

	@Autowired
	private ReconcilerMetrics metrics;

	@Autowired
	private PlatformTransactionManager transactionManager;

	private long eventId;

	private UUID hold;

	/** A paid event of 10 seats with one HELD booking of 3, settled in the gate: 7 seats available. */
	@BeforeEach
	void paidEventWithOneHold() {
		this.eventId = this.jdbc.sql("""
				insert into events (name, capacity, sale_opens_at, price, currency)
				values ('Paid sale', :capacity, now() - interval '1 minute', 2500, 'EUR') returning id""")
			.param("capacity", CAPACITY)
			.query(Long.class)
			.single();
		this.hold = UUID.randomUUID();
		this.jdbc.sql("""
				with booking as (
				  insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                        amount, currency)
				  values (:id, :eventId, :userId, :quantity, 'HELD', false, now(), now() + interval '10 minutes', 7500, 'EUR')
				  returning quantity)
				update events set seats_sold = seats_sold + (select quantity from booking) where id = :eventId""")
			.param("id", this.hold)
			.param("eventId", this.eventId)
			.param("userId", USER)
			.param("quantity", HELD)
			.update();
		this.gate.load(this.eventId, CAPACITY);
		this.gate.settleAsync(this.eventId, this.hold, USER, LeaseOutcome.CONFIRMED, HELD).toCompletableFuture().join();
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY - HELD);
	}

	@Test
	void countsHeldSeatsAsTaken() {
		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY - HELD);
	}

	@Test
	void seatsAWaitingListOfferTookAreNotReturnedToTheGateButLeaveTheirUsersCount() {
		expireInPostgres();
		this.jdbc.sql("""
				with offer as (
				  insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                        amount, currency)
				  values (:id, :eventId, :userId, :quantity, 'HELD', false, now(), now() + interval '30 minutes', 7500,
				          'EUR')
				  returning quantity)
				update events set seats_sold = seats_sold + (select quantity from offer) where id = :eventId""")
			.param("id", UUID.randomUUID())
			.param("eventId", this.eventId)
			.param("userId", USER + 1)
			.param("quantity", HELD)
			.update();

		ReturnResult returned = this.gate
			.returnSeatsAsync(this.eventId, List.of(new ReturnedBooking(this.hold, USER, HELD, 0, Instant.now())))
			.toCompletableFuture()
			.join();

		assertThat(returned).isEqualTo(new ReturnResult(1, 0, 0));
		assertThat(this.gate.available(this.eventId)).as("the offer holds the seats").hasValue(CAPACITY - HELD);
		assertThat(this.reconciliation.reconcile(this.eventId).kind()).as("invariant 8: the gate agrees with Postgres")
			.isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.reserve(this.eventId, UUID.randomUUID(), USER, HELD, HELD).result())
			.as("the expired hold's seats no longer count against its user's limit")
			.isEqualTo(ReserveResult.RESERVED);
	}

	@Test
	void repairsTheCounterWhenTheReturnOfAnExpiredHoldWasLost() {
		expireInPostgres();

		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
	}

	@Test
	void aReturnAfterTheReconcileCountedTheExpiryAddsNothing() {
		expireInPostgres();
		this.reconciliation.reconcile(this.eventId);

		ReturnResult late = returnSeats();

		assertThat(late).isEqualTo(new ReturnResult(0, 0, 0));
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
	}

	@Test
	void aReturnAfterTheReconcileCountedTheExpiryStillTakesTheSeatsOffItsUsersCount() {
		expireInPostgres();
		this.reconciliation.reconcile(this.eventId);

		assertThat(returnSeats()).isEqualTo(new ReturnResult(0, 0, 0));
		assertThat(returnSeats()).isEqualTo(new ReturnResult(0, 0, 0));

		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
		assertThat(this.gate.reserve(this.eventId, UUID.randomUUID(), USER, HELD, HELD).result())
			.as("the expired hold's seats no longer count against its user's limit")
			.isEqualTo(ReserveResult.RESERVED);
	}

	@Test
	void aReturnBeforeTheReconcileIsCountedOnce() {
		expireInPostgres();
		assertThat(returnSeats()).isEqualTo(new ReturnResult(1, HELD, 0));
		assertThat(returnSeats()).as("RETURN is idempotent per booking").isEqualTo(new ReturnResult(0, 0, 0));

		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
	}

	@Test
	void aReturnBetweenTheReconcilesReadOfPostgresAndItsCompareAndSetMakesItStale() {
		expireInPostgres();
		InventoryReconciliation racing = racing(new InventoryTruths(this.jdbc, Duration.ofHours(24)) {

			@Override
			public EventTruth truth(long id, Collection<UUID> leasedBookingIds) {
				EventTruth truth = super.truth(id, leasedBookingIds);
				assertThat(truth.ended()).containsExactly(ExpiredHoldsAreReturnedOnceIntegrationTests.this.hold);
				returnSeats();
				return truth;
			}

		});

		assertThat(racing.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.STALE);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
	}

	@Test
	void anExpiryCommittedAfterTheReconcilesReadIsReturnedByItsOwnReturn() {
		InventoryReconciliation racing = racing(new InventoryTruths(this.jdbc, Duration.ofHours(24)) {

			@Override
			public EventTruth truth(long id, Collection<UUID> leasedBookingIds) {
				EventTruth truth = super.truth(id, leasedBookingIds);
				expireInPostgres();
				return truth;
			}

		});

		assertThat(racing.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(returnSeats()).isEqualTo(new ReturnResult(1, HELD, 0));
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
	}

	@Test
	void aReturnPastItsDeadlineAddsNothingAndLeavesTheSeatsToTheReconciler() {
		expireInPostgres();
		Instant endedLongAgo = Instant.now().minus(InventoryGate.RETURN_DEADLINE).minusSeconds(5);

		ReturnResult late = returnSeats(endedLongAgo);

		assertThat(late).isEqualTo(new ReturnResult(0, 0, 1));
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY - HELD);
		assertThat(this.reconciliation.reconcile(this.eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(this.eventId)).hasValue(CAPACITY);
	}

	@Test
	void readsOnlyTheBookingsEndedWithinTheReturnWindow() {
		expireInPostgres();
		this.jdbc.sql("update bookings set ended_at = now() - interval '1 hour' where id = :id")
			.param("id", this.hold)
			.update();

		EventTruth truth = new InventoryTruths(this.jdbc, this.gate.returnWindow()).truth(this.eventId, List.of());

		assertThat(this.gate.returnWindow()).isGreaterThan(InventoryGate.RETURN_DEADLINE);
		assertThat(truth.ended()).isEmpty();
	}

	/** The expirer's transaction, without its RETURN. */
	private void expireInPostgres() {
		this.jdbc.sql("""
				with expired as (
				  update bookings set status = 'EXPIRED', ended_at = now() where id = :id and status = 'HELD'
				  returning quantity)
				update events set seats_sold = seats_sold - (select quantity from expired) where id = :eventId""")
			.param("id", this.hold)
			.param("eventId", this.eventId)
			.update();
	}

	private ReturnResult returnSeats() {
		return returnSeats(Instant.now());
	}

	private ReturnResult returnSeats(Instant endedAt) {
		return this.gate.returnSeatsAsync(this.eventId, List.of(new ReturnedBooking(this.hold, USER, HELD, endedAt)))
			.toCompletableFuture()
			.join();
	}

	private InventoryReconciliation racing(InventoryTruths truths) {
		return new InventoryReconciliation(new EventReconciler(this.gate, truths,
				InventoryReconciliation.rejections(this.jdbc, this.transactionManager),
				this.properties.expiredLeasesPerEvent(), this.properties.orphanGrace()), this.metrics);
	}

}
