package io.minitickets.reconciler.inventory;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.ZAddArgs;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.config.ValkeyAutoConfiguration;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.reconcile.EventReconciler;
import io.minitickets.core.reconcile.ExpiredLeaseRejections;
import io.minitickets.core.reconcile.EventTruth;
import io.minitickets.core.reconcile.InventoryTruths;
import io.minitickets.core.reconcile.SettledBooking;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "minitickets.schema.migrate=true", "minitickets.reconciler.interval=1h" })
@ExtendWith(OutputCaptureExtension.class)
class InventoryReconciliationIntegrationTests {

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@Autowired
	private InventoryReconciliation reconciliation;

	@Autowired
	private InventoryGate gate;

	@Autowired
	@Qualifier(ValkeyAutoConfiguration.GATE_CONNECTION)
	private ValkeyConnection connection;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private ReconcilerProperties properties;

	@Autowired
	private ReconcilerMetrics metrics;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private GateProperties gateProperties;

	@Autowired
	private PlatformTransactionManager transactionManager;

	/** Longer than any orphan grace these tests run with, shorter than the lease TTL (10 min). */
	private static final Duration PAST_ANY_GRACE = Duration.ofMinutes(2);

	private SaleFixture sales;

	@BeforeEach
	void fixture() {
		this.sales = new SaleFixture(this.jdbc);
	}

	@Test
	void loadsAMissingCounterAsCapacityMinusConfirmedMinusLiveLeases(CapturedOutput output) {
		long eventId = saleWithThreeConfirmedAndTwoLeased();
		this.connection.sync().del(this.keys.event(eventId).available());

		ReconcileResult result = this.reconciliation.reconcile(eventId);

		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.LOADED);
		assertThat(this.gate.available(eventId)).hasValue(5);
		assertThat(output).contains("inventory reconciliation event=" + eventId
				+ " before=missing after=5 cause=missing-counter");
	}

	@Test
	void lowersACounterThatIsTooHighToTheTruth(CapturedOutput output) {
		long eventId = saleWithThreeConfirmedAndTwoLeased();
		setCounter(eventId, 9);
		double seatsBefore = seatsRepaired("drift");

		ReconcileResult result = this.reconciliation.reconcile(eventId);

		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).hasValue(5);
		assertThat(output).contains("inventory reconciliation event=" + eventId + " before=9 after=5 cause=drift");
		assertThat(seatsRepaired("drift") - seatsBefore).isEqualTo(4);
	}

	@Test
	void raisesACounterThatIsTooLowToTheTruthAndNoHigher(CapturedOutput output) {
		long eventId = saleWithThreeConfirmedAndTwoLeased();
		setCounter(eventId, 1);

		ReconcileResult result = this.reconciliation.reconcile(eventId);

		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).hasValue(5);
		assertThat(output).contains("inventory reconciliation event=" + eventId + " before=1 after=5 cause=drift");
		assertThat(this.reconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void settlesOrphanedLeasesWithTheOutcomePostgresRecorded(CapturedOutput output) {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID confirmed = reserve(eventId, 2);
		UUID rejected = reserve(eventId, 3);
		this.sales.settled(eventId, confirmed, 2, BookingStatus.CONFIRMED);
		this.sales.settled(eventId, rejected, 3, BookingStatus.REJECTED);
		reservedAgo(eventId, confirmed, PAST_ANY_GRACE);
		reservedAgo(eventId, rejected, PAST_ANY_GRACE);

		ReconcileResult result = this.reconciliation.reconcile(eventId);

		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.gate.available(eventId)).hasValue(8);
		assertThat(result.kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(settledOutcome(eventId, confirmed)).isEqualTo("CONFIRMED");
		assertThat(settledOutcome(eventId, rejected)).isEqualTo("REJECTED");
		assertThat(output).contains("inventory reconciliation event=" + eventId
				+ " before=5 after=8 cause=orphaned-lease leases=2");
	}

	@Test
	void leavesALeaseYoungerThanTheOrphanGraceToItsWorkersSettle(CapturedOutput output) {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID old = reserve(eventId, 2);
		UUID young = reserve(eventId, 3);
		this.sales.settled(eventId, old, 2, BookingStatus.CONFIRMED);
		this.sales.settled(eventId, young, 3, BookingStatus.REJECTED);
		reservedAgo(eventId, old, PAST_ANY_GRACE);

		ReconcileResult result = this.reconciliation.reconcile(eventId);

		assertThat(this.gate.snapshot(eventId).leases()).containsOnlyKeys(young);
		assertThat(settledOutcome(eventId, old)).isEqualTo("CONFIRMED");
		assertThat(settledOutcome(eventId, young)).as("its worker's settle is still to come").isNull();
		assertThat(output).contains("inventory reconciliation event=" + eventId
				+ " before=5 after=5 cause=orphaned-lease leases=1");
		assertThat(result.kind()).as("10 - 2 confirmed - 3 leased").isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void rejectedBookingKeepsItsLeaseCountedUntilItsSettleGivesTheSeatsBack() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID confirmed = reserve(eventId, 2);
		UUID rejected = reserve(eventId, 3);
		this.sales.settled(eventId, confirmed, 2, BookingStatus.CONFIRMED);
		this.sales.settled(eventId, rejected, 3, BookingStatus.REJECTED);

		assertThat(this.reconciliation.repairCounter(eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
		assertThat(this.gate.available(eventId)).hasValue(5);
		this.gate.settle(eventId, confirmed, LeaseOutcome.CONFIRMED, 2);
		this.gate.settle(eventId, rejected, LeaseOutcome.REJECTED, 3);

		assertThat(this.gate.available(eventId)).hasValue(8);
		assertThat(this.reconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
	}

	@Test
	void settleRacingWithTheRepairMakesItStaleInsteadOfRaisingTheCounter() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID racing = reserve(eventId, 3);
		setCounter(eventId, 5);
		InventoryReconciliation racingReconciliation = settlingAfterPostgresIsRead(eventId, racing);

		assertThat(racingReconciliation.repairCounter(eventId).kind()).isEqualTo(ReconcileResult.Kind.STALE);
		assertThat(this.gate.available(eventId)).hasValue(5);

		assertThat(this.reconciliation.repairCounter(eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).hasValue(7);
	}

	@Test
	void settleRacingWithTheRepairOfAWholeReconcileMakesItStaleInsteadOfRaisingTheCounter() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID racing = reserve(eventId, 3);
		setCounter(eventId, 5);
		InventoryReconciliation racingReconciliation = settlingAfterPostgresIsRead(eventId, racing);

		assertThat(racingReconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.STALE);
		assertThat(this.gate.available(eventId)).hasValue(5);

		assertThat(this.reconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).hasValue(7);
	}

	@Test
	void leaseReservedAndConfirmedAfterAReconcileReadTheLeasesIsHeldBackNeverAdmitted() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		reserve(eventId, 3);
		setCounter(eventId, 9);
		UUID late = UUID.randomUUID();
		InventoryTruths reserveAfterTheLeasesAreRead = new InventoryTruths(this.jdbc, Duration.ofHours(24)) {

			@Override
			public Map<UUID, SettledBooking> findSettled(long id, Collection<UUID> bookingIds) {
				assertThat(bookingIds).doesNotContain(late);
				assertThat(InventoryReconciliationIntegrationTests.this.gate.reserve(eventId, late, 2).result())
					.isEqualTo(ReserveResult.RESERVED);
				InventoryReconciliationIntegrationTests.this.sales.settled(eventId, late, 2, BookingStatus.CONFIRMED);
				return super.findSettled(id, bookingIds);
			}

		};
		InventoryReconciliation lateReconciliation = new InventoryReconciliation(
				new EventReconciler(this.gate, reserveAfterTheLeasesAreRead, rejections(),
				this.properties.expiredLeasesPerEvent(),
						this.properties.orphanGrace()),
				this.metrics);

		assertThat(lateReconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).as("10 - 2 confirmed - 3 leased, the late lease's 2 held back")
			.hasValue(3);

		this.gate.settle(eventId, late, LeaseOutcome.CONFIRMED, 2);
		assertThat(this.reconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.REPAIRED);
		assertThat(this.gate.available(eventId)).hasValue(5);
	}

	@Test
	void expiredLeaseOfABookingNotInPostgresGivesItsSeatsBack() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID lost = reserveExpiring(eventId, 4);
		awaitExpired(eventId, 1);
		double expiredBefore = leasesExpired();

		this.reconciliation.reconcile(eventId);

		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(settledOutcome(eventId, lost)).isNull();
		assertThat(leasesExpired() - expiredBefore).isEqualTo(1);
	}

	@Test
	void expiredLeaseOfASettledBookingIsRemovedWithItsOutcome(CapturedOutput output) {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID confirmed = reserveExpiring(eventId, 3);
		UUID rejected = reserveExpiring(eventId, 2);
		this.sales.settled(eventId, confirmed, 3, BookingStatus.CONFIRMED);
		this.sales.settled(eventId, rejected, 2, BookingStatus.REJECTED);
		awaitExpired(eventId, 2);

		this.reconciliation.reconcile(eventId);

		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.gate.available(eventId)).hasValue(7);
		assertThat(settledOutcome(eventId, confirmed)).isEqualTo("CONFIRMED");
		assertThat(settledOutcome(eventId, rejected)).isEqualTo("REJECTED");
		assertThat(output).contains("inventory reconciliation event=" + eventId
				+ " before=5 after=7 cause=expired-lease leases=2");
	}

	@Test
	void bookingOfAReleasedLeaseIsRejectedInPostgresBeforeItsSeatsGoBack() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID late = UUID.randomUUID();
		GateProperties shortLeases = new GateProperties(true, Duration.ofMillis(50), Duration.ofHours(1));
		assertThat(new InventoryGate(this.connection, this.keys, shortLeases).reserve(eventId, late, 77L, 4, null)
			.result()).isEqualTo(ReserveResult.RESERVED);
		awaitExpired(eventId, 1);

		this.reconciliation.reconcile(eventId);

		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(this.jdbc.sql("select status || ' ' || reason || ' user ' || user_id || ' seats ' || quantity "
				+ "from bookings where id = :id").param("id", late).query(String.class).single())
			.isEqualTo("REJECTED LEASE_EXPIRED user 77 seats 4");
		// the worker's late copy finds the booking decided (its insert is idempotent) and settles it as rejected
		this.gate.settle(eventId, late, LeaseOutcome.REJECTED, 4);
		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(this.reconciliation.reconcile(eventId).kind()).isEqualTo(ReconcileResult.Kind.IN_SYNC);
	}

	/**
	 * The interleaving of issue 19, item 9, driven step by step: the reconciler finds an expired lease's booking absent
	 * from Postgres, the worker commits that booking, then the reconciler settles the lease. Its seats must not go back
	 * on sale while Postgres holds them confirmed.
	 */
	@Test
	void aBookingCommittedJustAfterTheReconcilerFoundItsExpiredLeaseUnsettledIsNeverAdmittedTwice() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID late = reserveExpiring(eventId, 4);
		awaitExpired(eventId, 1);
		List<String> overAdmissions = new java.util.ArrayList<>();
		InventoryTruths commitAfterTheRead = new InventoryTruths(this.jdbc, Duration.ofHours(24)) {

			private boolean committed;

			@Override
			public Map<UUID, SettledBooking> findSettled(long id, Collection<UUID> bookingIds) {
				Map<UUID, SettledBooking> settled = super.findSettled(id, bookingIds);
				if (!this.committed && bookingIds.contains(late)) {
					this.committed = true;
					assertThat(settled).doesNotContainKey(late);
					assertThat(InventoryReconciliationIntegrationTests.this.sales.decide(eventId, late, 4, true))
						.isEqualTo(BookingStatus.CONFIRMED);
				}
				return settled;
			}

			@Override
			public EventTruth truth(long id, Collection<UUID> leasedBookingIds) {
				long admitted = InventoryReconciliationIntegrationTests.this.gate.available(eventId).orElseThrow()
						+ InventoryReconciliationIntegrationTests.this.gate.snapshot(eventId).leases().size() * 4L
						+ InventoryReconciliationIntegrationTests.this.sales.seatsSold(eventId);
				if (admitted > 10) {
					overAdmissions.add("after the expired lease's settle: " + admitted);
				}
				return super.truth(id, leasedBookingIds);
			}

		};
		InventoryReconciliation racing = new InventoryReconciliation(new EventReconciler(this.gate, commitAfterTheRead, rejections(),
				this.properties.expiredLeasesPerEvent(), this.properties.orphanGrace()), this.metrics);

		racing.reconcile(eventId);

		assertThat(overAdmissions).isEmpty();
		assertThat(this.gate.snapshot(eventId).leases()).isEmpty();
		assertThat(this.gate.available(eventId)).hasValue(6);
		assertThat(settledOutcome(eventId, late)).isEqualTo("CONFIRMED");
	}

	/** Capacity 10: one confirmed booking of 3 (settled), one live lease of 2 not yet in Postgres; truth is 5. */
	private long saleWithThreeConfirmedAndTwoLeased() {
		long eventId = this.sales.openEvent(10);
		this.gate.load(eventId, 10);
		UUID confirmed = reserve(eventId, 3);
		this.sales.settled(eventId, confirmed, 3, BookingStatus.CONFIRMED);
		this.gate.settle(eventId, confirmed, LeaseOutcome.CONFIRMED, 3);
		reserve(eventId, 2);
		assertThat(this.gate.available(eventId)).hasValue(5);
		return eventId;
	}

	private UUID reserve(long eventId, int seats) {
		return reserve(this.gate, eventId, seats);
	}

	private UUID reserveExpiring(long eventId, int seats) {
		GateProperties shortLeases = new GateProperties(true, Duration.ofMillis(50), Duration.ofHours(1));
		return reserve(new InventoryGate(this.connection, this.keys, shortLeases), eventId, seats);
	}

	private static UUID reserve(InventoryGate gate, long eventId, int seats) {
		UUID bookingId = UUID.randomUUID();
		assertThat(gate.reserve(eventId, bookingId, seats).result()).isEqualTo(ReserveResult.RESERVED);
		return bookingId;
	}

	/**
	 * Makes a lease look reserved {@code age} ago: its expiry becomes Valkey's now + the lease TTL − age.
	 */
	private void reservedAgo(long eventId, UUID bookingId, Duration age) {
		List<String> time = this.connection.sync().time();
		long nowMs = Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
		long expiry = nowMs + this.gateProperties.leaseTtl().toMillis() - age.toMillis();
		assertThat(this.connection.sync()
			.zadd(this.keys.event(eventId).leaseExpiry(), ZAddArgs.Builder.xx().ch(), expiry, bookingId.toString()))
			.isOne();
	}

	private void awaitExpired(long eventId, int leases) {
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.gate.expiredLeases(eventId, 10).size() == leases);
	}

	private ExpiredLeaseRejections rejections() {
		return InventoryReconciliation.rejections(this.jdbc, this.transactionManager);
	}

	private void setCounter(long eventId, long seats) {
		this.connection.sync().set(this.keys.event(eventId).available(), Long.toString(seats));
	}

	private String settledOutcome(long eventId, UUID bookingId) {
		return this.connection.sync().hget(this.keys.event(eventId).settled(), bookingId.toString());
	}

	private double seatsRepaired(String cause) {
		return this.meters.counter("minitickets.reconciler.seats.repaired", "cause", cause).count();
	}

	private double leasesExpired() {
		return this.meters.counter("minitickets.reconciler.leases.expired").count();
	}

	/**
	 * A reconciliation during which the worker confirms {@code racing} (3 seats) in Postgres and settles its lease,
	 * just after the reconcile read Postgres.
	 */
	private InventoryReconciliation settlingAfterPostgresIsRead(long eventId, UUID racing) {
		InventoryTruths settleAfterPostgresIsRead = new InventoryTruths(this.jdbc, Duration.ofHours(24)) {

			@Override
			public EventTruth truth(long id, Collection<UUID> leasedBookingIds) {
				EventTruth truth = super.truth(id, leasedBookingIds);
				InventoryReconciliationIntegrationTests.this.sales.settled(eventId, racing, 3, BookingStatus.CONFIRMED);
				InventoryReconciliationIntegrationTests.this.gate.settle(eventId, racing, LeaseOutcome.CONFIRMED, 3);
				return truth;
			}

		};
		return new InventoryReconciliation(
				new EventReconciler(this.gate, settleAfterPostgresIsRead, rejections(),
				this.properties.expiredLeasesPerEvent(),
						this.properties.orphanGrace()),
				this.metrics);
	}

}
