package io.minitickets.ops.status;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code ops status} shows Postgres's seats beside the gate's counter and leases, the worker group's lag and the
 * dead-letter count, and fails its check when the gate drifts from the truth.
 */
class StatusCommandIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void showsAnEventsSeatsGateLeasesLagAndDeadLettersAndFailsOnDrift() {
		long eventId = createEvent(10);
		this.gate.load(eventId, 10);
		this.gate.reserve(eventId, UUID.randomUUID(), 3);
		String key = Long.toString(eventId);
		publishRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key, "poison".getBytes(StandardCharsets.UTF_8)));
		await().atMost(TIMEOUT).until(() -> recordsWithKey(BookingTopics.REQUESTED_DLT, key) == 1);
		awaitAllConsumed();

		Run healthy = ops("status", "--event", key);
		this.valkey.sync().set(this.keys.event(eventId).available(), "9");
		Run drifting = ops("status", "--event", key);

		assertThat(healthy.exit()).as(healthy.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(healthy.out()).containsPattern("event\\s+name\\s+capacity\\s+sold\\s+gate\\s+leases\\s+drift")
			.containsPattern(eventId + "\\s+ops test\\s+10\\s+0\\s+7\\s+3\\s+0")
			.contains("consumer group booking-worker on bookings.requested: lag 0", "checks: ok")
			.containsPattern("consumer group booking-worker-payments on payments.received: lag (0|-); dead letters (0|-) "
					+ "\\(payments.received-dlt\\)")
			.containsPattern("consumer group booking-worker-cancellations on cancellations.requested: lag (0|-); dead "
					+ "letters (0|-) \\(cancellations.requested-dlt\\)")
			.containsPattern("dead letters [1-9]");
		assertThat(drifting.exit()).as(drifting.toString()).isEqualTo(ExitCodes.CHECK_FAILED);
		assertThat(drifting.out()).contains("checks failed: event " + eventId + " drifts by -2 seats");
	}

	@Test
	void printsAnEventNameWithBidiControlsEscapedSoTheLineReadsAsStored() {
		long eventId = this.jdbc.queryForObject("insert into events (name, capacity, sale_opens_at) "
				+ "values ('\u202Eyad \u001B[2J', 10, now()) returning id", Long.class);

		Run run = ops("status", "--event", Long.toString(eventId));

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(run.out()).containsPattern(eventId + "\\s+\\\\u202Eyad \\\\u001B\\[2J\\s+10\\s+0")
			.doesNotContain("\u202E", "\u001B");
	}

	@Test
	void watchRefreshesUntilItsCount() {
		long eventId = createEvent(5);

		Run run = ops("status", "--event", Long.toString(eventId), "--watch", "--interval", "100ms", "--count", "2");

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(List.of(run.out().split("\n"))).filteredOn((line) -> line.startsWith("ops status at")).hasSize(2);
	}

	@Test
	void anUnknownEventIsBadUsage() {
		Run run = ops("status", "--event", "987654321");

		assertThat(run.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).contains("event 987654321 does not exist");
	}

}
