package io.minitickets.worker.settlement;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.system.Failpoints;
import io.minitickets.worker.system.WorkerProperties;
import io.minitickets.worker.system.WorkerProperties.Failpoint;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Makes committed settlements visible, in the order DESIGN.md gives: SETTLE the leases and update the status cache in
 * Valkey (best effort), then publish {@code bookings.settled} and wait for the broker. Only then may the listener
 * return so that the container commits the offsets.
 */
@Component
class SettlementPublisher {

	private final GateSettler gateSettler;

	private final KafkaTemplate<Object, Object> kafka;

	private final Duration publishTimeout;

	private final Failpoints failpoints;

	SettlementPublisher(GateSettler gateSettler, KafkaTemplate<Object, Object> kafka, WorkerProperties properties,
			Failpoints failpoints) {
		this.gateSettler = gateSettler;
		this.kafka = kafka;
		this.publishTimeout = properties.settledPublishTimeout();
		this.failpoints = failpoints;
	}

	/**
	 * Publishes committed settlements. Only the bookings this batch newly decided are settled in Valkey: a replay
	 * (already final in Postgres) touches nothing there, because its settle ran before and the gate may have forgotten
	 * it ({@code settled} expires), so a second lease-less CONFIRMED would take its seats again. A lease left behind by
	 * a crash between commit and settle is settled by the reconciler (an orphaned lease). Every settlement, replays
	 * included, is published on {@code bookings.settled} (a crash between commit and publish is repaired by the
	 * redelivery).
	 * @param settlements the settlements, in offset order
	 * @throws SettledNotPublishedException when the broker did not acknowledge every {@code bookings.settled} record
	 * within the publish timeout; the batch must be redelivered (settling again changes nothing)
	 */
	void publish(List<Settlement> settlements) {
		this.failpoints.reach(Failpoint.HALT_AFTER_COMMIT);
		this.gateSettler.settle(settlements.stream().filter((settlement) -> !settlement.replay()).toList());
		try {
			CompletableFuture<?>[] sends = settlements.stream()
				.map((settlement) -> this.kafka.send(BookingTopics.SETTLED, Long.toString(settlement.eventId()),
						settlement.toMessage()))
				.toArray(CompletableFuture[]::new);
			CompletableFuture.allOf(sends).get(this.publishTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException | KafkaException ex) {
			throw new SettledNotPublishedException(settlements.size(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SettledNotPublishedException(settlements.size(), ex);
		}
	}

	/**
	 * The broker did not acknowledge a batch's {@code bookings.settled} records in time; retrying can help.
	 */
	static final class SettledNotPublishedException extends RuntimeException {

		SettledNotPublishedException(int records, Throwable cause) {
			super(records + " bookings.settled records were not acknowledged", cause);
		}

	}

}
