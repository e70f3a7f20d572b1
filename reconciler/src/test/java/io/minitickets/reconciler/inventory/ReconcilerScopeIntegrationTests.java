package io.minitickets.reconciler.inventory;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.config.ValkeyAutoConfiguration;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciler's scope: the number of events does not slow the reconcile of those on sale. Active events (a
 * missing counter, a lease, seats sold since the last check) are checked first; sold-out events whose gate agrees are
 * retired and not checked again until they show activity.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "minitickets.schema.migrate=true", "minitickets.reconciler.interval=1h",
				"minitickets.reconciler.batch-size=50" })
class ReconcilerScopeIntegrationTests {

	private static final int QUIET_EVENTS = 250;

	private static final int SOLD_OUT_EVENTS = 250;

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@Autowired
	private ReconcilePass pass;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	@Qualifier(ValkeyAutoConfiguration.GATE_CONNECTION)
	private ValkeyConnection gateValkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void fiveHundredQuietAndSoldOutEventsDoNotDelayTheReconcileOfAnEventWithDrift() {
		SaleFixture sales = new SaleFixture(this.jdbc);
		sales.forgetEverything();
		this.jdbc.sql("""
				insert into events (name, capacity, seats_sold, sale_opens_at)
				select 'Quiet', 10, case when i <= :soldOut then 10 else 0 end, now() - interval '1 minute'
				from generate_series(1, :events) i""")
			.param("soldOut", SOLD_OUT_EVENTS)
			.param("events", SOLD_OUT_EVENTS + QUIET_EVENTS)
			.update();
		long drifting = sales.openEvent(10);
		List<Long> events = this.jdbc.sql("select id from events").query(Long.class).list();
		for (int pass = 0; pass < 60 && !events.stream().allMatch((id) -> this.gate.available(id).isPresent()); pass++) {
			this.pass.run();
		}
		// the drifting event was checked a moment ago: the round-robin alone would come back to it last
		this.jdbc.sql("update inventory_reconciliation set last_checked_at = now() where event_id = :id")
			.param("id", drifting)
			.update();
		// a confirmed booking whose settle the gate never got: the counter admits 2 seats too many
		sales.settled(drifting, UUID.randomUUID(), 2, BookingStatus.CONFIRMED);

		long start = System.nanoTime();
		PassOutcome outcome = this.pass.run();
		long passMs = (System.nanoTime() - start) / 1_000_000;

		assertThat(this.gate.available(drifting)).as("after one pass of %d ms: %s", passMs, outcome).hasValue(8);
	}

	@Test
	void retiresSoldOutEventsWhoseGateAgreesAndChecksThemAgainOnceTheyShowActivity() {
		SaleFixture sales = new SaleFixture(this.jdbc);
		sales.forgetEverything();
		long soldOut = sales.openEvent(2);
		sales.settled(soldOut, UUID.randomUUID(), 2, BookingStatus.CONFIRMED);
		long onSale = sales.openEvent(2);
		this.pass.run();
		this.pass.run();
		assertThat(retired()).containsExactly(soldOut);
		OffsetDateTime checked = lastChecked(soldOut);

		this.pass.run();
		assertThat(lastChecked(soldOut)).as("a retired event is not checked").isEqualTo(checked);
		assertThat(lastChecked(onSale)).isAfter(checked);

		this.gateValkey.sync().del(this.keys.event(soldOut).available());
		this.pass.run();
		assertThat(this.gate.available(soldOut)).as("a lost counter is activity: reloaded").hasValue(0);
		assertThat(retired()).as("reloaded, not yet seen in agreement").isEmpty();
		this.pass.run();
		assertThat(retired()).containsExactly(soldOut);
	}

	private List<Long> retired() {
		return this.jdbc.sql("select event_id from inventory_reconciliation where retired_at is not null")
			.query(Long.class)
			.list();
	}

	private OffsetDateTime lastChecked(long eventId) {
		return this.jdbc.sql("select last_checked_at from inventory_reconciliation where event_id = :id")
			.param("id", eventId)
			.query(OffsetDateTime.class)
			.single();
	}

}
