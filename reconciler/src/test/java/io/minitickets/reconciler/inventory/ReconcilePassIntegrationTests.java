package io.minitickets.reconciler.inventory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.config.ValkeyAutoConfiguration;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestValkey;
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
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {
		"minitickets.schema.migrate=true", "minitickets.reconciler.interval=1h", "minitickets.reconciler.batch-size=3" })
@ExtendWith(OutputCaptureExtension.class)
class ReconcilePassIntegrationTests {

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@Autowired
	private ReconcilePass pass;

	@Autowired
	private InventoryRepository repository;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private ReconcilerProperties properties;

	@Autowired
	private ReconcilerMetrics metrics;

	@Autowired
	private TransactionTemplate transactions;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	@Qualifier(ValkeyAutoConfiguration.GATE_CONNECTION)
	private ValkeyConnection gateValkey;

	@Autowired
	private MeterRegistry meters;

	private SaleFixture sales;

	@BeforeEach
	void fixture() {
		this.sales = new SaleFixture(this.jdbc);
		this.sales.forgetEverything();
	}

	@Test
	void checksEveryOpenEventOverAFewPassesLeastRecentlyCheckedFirst() {
		List<Long> open = LongStream.range(0, 7).map((i) -> this.sales.openEvent(10)).boxed().toList();
		long notOpen = this.sales.eventOpeningTomorrow(10);

		List<PassOutcome> outcomes = List.of(this.pass.run(), this.pass.run(), this.pass.run());

		assertThat(outcomes).allSatisfy((outcome) -> assertThat(outcome).isEqualTo(new PassOutcome(3, 3, null)));
		assertThat(open).allSatisfy((eventId) -> assertThat(this.gate.available(eventId)).hasValue(10));
		assertThat(this.gate.available(notOpen)).isEmpty();
		assertThat(checkedEvents()).containsExactlyInAnyOrderElementsOf(open);
		assertThat(claimInOwnTransaction(7)).as("least recently checked first")
			.containsExactly(open.get(2), open.get(3), open.get(4), open.get(5), open.get(0), open.get(1), open.get(6));
	}

	@Test
	void concurrentClaimsNeverShareAnEvent() throws Exception {
		List<Long> events = LongStream.range(0, 5).map((i) -> this.sales.openEvent(10)).boxed().toList();
		this.repository.registerOpenEvents();
		CountDownLatch claimed = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		CompletableFuture<List<Long>> first = CompletableFuture.supplyAsync(() -> this.transactions.execute((tx) -> {
			List<Long> ids = claim(3);
			claimed.countDown();
			await(release);
			return ids;
		}));
		assertThat(claimed.await(30, TimeUnit.SECONDS)).isTrue();

		List<Long> second = claimInOwnTransaction(5);
		release.countDown();

		List<Long> firstIds = first.get(30, TimeUnit.SECONDS);
		assertThat(firstIds).hasSize(3).doesNotContainAnyElementsOf(second);
		List<Long> all = new ArrayList<>(firstIds);
		all.addAll(second);
		assertThat(all).containsExactlyInAnyOrderElementsOf(events);
	}

	@Test
	void twoInstancesRunningPassesAtOnceCheckEachEventOnce() throws Exception {
		List<Long> events = LongStream.range(0, 6).map((i) -> this.sales.openEvent(10)).boxed().toList();

		CompletableFuture<PassOutcome> one = CompletableFuture.supplyAsync(this.pass::run);
		CompletableFuture<PassOutcome> two = CompletableFuture.supplyAsync(this.pass::run);

		assertThat(one.get(30, TimeUnit.SECONDS).checked() + two.get(30, TimeUnit.SECONDS).checked()).isEqualTo(6);
		assertThat(checkedEvents()).containsExactlyInAnyOrderElementsOf(events);
		assertThat(events).allSatisfy((eventId) -> assertThat(this.gate.available(eventId)).hasValue(10));
	}

	@Test
	void skipsThePassWhenValkeyIsUnreachableAndRetriesOnTheNext(CapturedOutput output) {
		List<Long> events = LongStream.range(0, 3).map((i) -> this.sales.openEvent(10)).boxed().toList();
		try (TestValkey valkey = new TestValkey(); ValkeyConnection down = valkey.connect("gate", "redis://127.0.0.1:1")) {
			InventoryGate unreachable = new InventoryGate(down, this.keys, new GateProperties(true, Duration.ofMinutes(10),
					Duration.ofHours(1)));
			ReconcilePass passWithoutValkey = new ReconcilePass(this.repository,
					new InventoryReconciliation(unreachable, this.jdbc,
							Objects.requireNonNull(this.transactions.getTransactionManager()), this.properties,
							this.metrics), unreachable,
					this.transactions, this.properties, this.metrics);

			PassOutcome outcome = passWithoutValkey.run();

			assertThat(outcome).isEqualTo(new PassOutcome(3, 0, PassOutcome.Skip.VALKEY_UNAVAILABLE));
		}
		assertThat(output.getOut().lines().filter((line) -> line.contains("Valkey unreachable"))).hasSize(1);
		assertThat(checkedEvents()).isEmpty();

		assertThat(this.pass.run()).isEqualTo(new PassOutcome(3, 3, null));
		assertThat(events).allSatisfy((eventId) -> assertThat(this.gate.available(eventId)).hasValue(10));
	}

	@Test
	void anEventThatFailsIsLoggedCountedAndSetAsideWhileTheOthersAreReconciledInTheSamePass(CapturedOutput output) {
		long badLease = this.sales.openEvent(10);
		long wrongType = this.sales.openEvent(10);
		long drifted = this.sales.openEvent(10);
		assertThat(this.pass.run()).isEqualTo(new PassOutcome(3, 3, null));
		UUID leased = UUID.randomUUID();
		this.gate.reserve(badLease, leased, 2);
		UUID corrupt = UUID.randomUUID();
		this.gateValkey.sync().hset(this.keys.event(badLease).leases(), corrupt.toString(), "abc");
		this.gateValkey.sync().del(this.keys.event(wrongType).available());
		this.gateValkey.sync().hset(this.keys.event(wrongType).available(), "not", "a counter");
		this.gateValkey.sync().set(this.keys.event(drifted).available(), "1");

		PassOutcome outcome = this.pass.run();

		assertThat(outcome).isEqualTo(new PassOutcome(3, 2, null));
		assertThat(this.gate.available(drifted)).hasValue(10);
		assertThat(this.gate.available(badLease)).hasValue(8);
		assertThat(this.gateValkey.sync().hgetall(this.keys.event(badLease).leases()))
			.containsOnlyKeys(leased.toString());
		assertThat(this.gateValkey.sync().hgetall(quarantine(badLease))).containsEntry(corrupt.toString(), "abc");
		assertThat(counter("minitickets.reconciler.leases.quarantined")).isEqualTo(1);
		assertThat(counter("minitickets.reconciler.events.failed")).isEqualTo(1);
		assertThat(output.getOut()).contains("event=" + wrongType);
		assertThat(checkedEvents()).contains(badLease, wrongType, drifted);
		assertThat(this.pass.run()).as("the failing event no longer blocks a pass")
			.isEqualTo(new PassOutcome(3, 2, null));
	}

	private String quarantine(long eventId) {
		String leases = this.keys.event(eventId).leases();
		return leases.substring(0, leases.length() - "leases".length()) + "quarantine";
	}

	private double counter(String name) {
		Counter counter = this.meters.find(name).counter();
		return (counter != null) ? counter.count() : 0;
	}

	private List<Long> claimInOwnTransaction(int limit) {
		return this.transactions.execute((tx) -> claim(limit));
	}

	/** Claims in the order of the candidates alone (as when every event is quiet). */
	private List<Long> claim(int limit) {
		return this.repository.claim(this.repository.candidates().stream().map(ScopeCandidate::eventId).toList(),
				limit);
	}

	private Set<Long> checkedEvents() {
		return new HashSet<>(this.jdbc
			.sql("select event_id from inventory_reconciliation where last_checked_at > 'epoch'")
			.query(Long.class)
			.list());
	}

	private static void await(CountDownLatch latch) {
		try {
			assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
