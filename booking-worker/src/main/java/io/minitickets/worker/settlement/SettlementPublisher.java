package io.minitickets.worker.settlement;

import java.time.Duration;
import java.util.ArrayList;
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
 * Makes committed settlements visible, in the order DESIGN.md gives, one settling transaction at a time: SETTLE the
 * leases and update the status cache in Valkey (best effort), then publish {@code bookings.settled}. The listener may
 * return, so that the container commits the offsets, only once the broker acknowledged every record of its batch.
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
	 * Starts publishing one batch.
	 * @return the batch's publication, which takes each settling transaction's settlements right after its commit
	 */
	Publication begin() {
		return new Publication();
	}

	/**
	 * The publication of one batch's settlements: each committed transaction's settlements are settled in Valkey and
	 * sent on {@code bookings.settled} as soon as it commits; the broker's acknowledgements are awaited once for the
	 * batch.
	 */
	final class Publication {

		private final List<CompletableFuture<?>> sends = new ArrayList<>();

		private Publication() {
		}

		/**
		 * Makes one committed transaction's settlements visible. Only the bookings it newly decided are settled in
		 * Valkey (waited for, best effort): a replay (already final in Postgres) touches nothing there, because its
		 * settle ran before and the gate may have forgotten it ({@code settled} expires), so a second lease-less
		 * CONFIRMED would take its seats again. A lease left behind by a crash between commit and settle is settled
		 * by the reconciler (an orphaned lease). Every settlement, replays included, is then sent on
		 * {@code bookings.settled} without waiting for the broker (see {@link #awaitAcknowledged()}); a crash between
		 * commit and publish is repaired by the redelivery.
		 * @param settlements one committed transaction's settlements, in offset order
		 * @throws SettledNotPublishedException when the producer refused a record at once
		 */
		void committed(List<Settlement> settlements) {
			SettlementPublisher.this.failpoints.reach(Failpoint.HALT_AFTER_COMMIT);
			SettlementPublisher.this.gateSettler
				.settle(settlements.stream().filter((settlement) -> !settlement.replay()).toList());
			try {
				for (Settlement settlement : settlements) {
					this.sends.add(SettlementPublisher.this.kafka.send(BookingTopics.SETTLED,
							Long.toString(settlement.eventId()), settlement.toMessage()));
				}
			}
			catch (KafkaException ex) {
				throw new SettledNotPublishedException(settlements.size(), ex);
			}
		}

		/**
		 * Waits until the broker acknowledged every {@code bookings.settled} record sent so far, for at most the
		 * publish timeout.
		 * @throws SettledNotPublishedException when some record was not acknowledged in time; the batch must be
		 * redelivered (settling again changes nothing)
		 */
		void awaitAcknowledged() {
			try {
				CompletableFuture.allOf(this.sends.toArray(CompletableFuture[]::new))
					.get(SettlementPublisher.this.publishTimeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (ExecutionException | TimeoutException ex) {
				throw new SettledNotPublishedException(this.sends.size(), ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new SettledNotPublishedException(this.sends.size(), ex);
			}
		}

		/**
		 * After the batch failed: waits, as {@link #awaitAcknowledged()} does, for the records of the transactions
		 * committed before the failure, so that they are published before the batch is redelivered.
		 * @param failure why the batch failed; a failure to publish is added to it as suppressed
		 */
		void awaitAcknowledgedAfter(RuntimeException failure) {
			if (failure instanceof SettledNotPublishedException) {
				return;
			}
			try {
				awaitAcknowledged();
			}
			catch (SettledNotPublishedException ex) {
				failure.addSuppressed(ex);
			}
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
