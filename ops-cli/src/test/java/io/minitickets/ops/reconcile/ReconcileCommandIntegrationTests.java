package io.minitickets.ops.reconcile;

import java.util.UUID;

import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops reconcile} repairs drift between the gate and Postgres now, with the reconciler's logic, and prints the
 * gate's view, Postgres's view and the repair per event.
 */
class ReconcileCommandIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void repairsADriftedCounterPrintsBothViewsAndAudits() {
		long eventId = createEvent(10);
		this.gate.load(eventId, 10);
		this.gate.reserve(eventId, UUID.randomUUID(), 3);
		this.valkey.sync().set(this.keys.event(eventId).available(), "9");

		Run run = ops("reconcile", "--event", Long.toString(eventId));

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(run.out()).containsPattern(eventId + "\\s+9\\s+1 \\(3 seats\\)\\s+10\\s+0\\s+drift 9->7")
			.contains("1 events checked, 1 repaired, 0 not finished");
		assertThat(this.gate.available(eventId)).hasValue(7);
		assertThat(this.jdbc.queryForObject("""
				select count(*) from ops_audit
				where command = 'reconcile' and range_spec = ? and records_read = 1 and matched = 1""", Integer.class,
				"event " + eventId)).isEqualTo(1);

		Run again = ops("reconcile", "--event", Long.toString(eventId));

		assertThat(again.out()).containsPattern(eventId + "\\s+7\\s+1 \\(3 seats\\)\\s+10\\s+0\\s+none");
	}

	@Test
	void withoutAnEventLoadsAMissingCounterOfEveryOpenEvent() {
		long eventId = createEvent(4);
		this.valkey.sync().del(this.keys.event(eventId).available());

		Run run = ops("reconcile");

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(run.out())
			.containsPattern(eventId + "\\s+missing\\s+0 \\(0 seats\\)\\s+4\\s+0\\s+missing-counter missing->4");
		assertThat(this.gate.available(eventId)).hasValue(4);
	}

	@Test
	void anUnknownEventIsBadUsageAndChangesNothing() {
		Integer audited = this.jdbc.queryForObject("select count(*) from ops_audit", Integer.class);

		Run run = ops("reconcile", "--event", "987654321");

		assertThat(run.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).contains("event 987654321 does not exist");
		assertThat(this.jdbc.queryForObject("select count(*) from ops_audit", Integer.class)).isEqualTo(audited);
	}

}
