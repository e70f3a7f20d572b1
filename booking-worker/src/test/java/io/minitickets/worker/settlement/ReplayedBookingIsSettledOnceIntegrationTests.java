package io.minitickets.worker.settlement;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.config.ValkeyAutoConfiguration;
import io.minitickets.core.inventory.GateSnapshot;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * DESIGN.md invariant 3, "Replays are harmless": consuming the same booking requests again, whether published again
 * or re-read from an earlier offset, changes nothing in Postgres nor in the gate, even once the gate has forgotten the
 * settle (its {@code settled} hash expired).
 */
class ReplayedBookingIsSettledOnceIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Autowired
	@Qualifier(ValkeyAutoConfiguration.GATE_CONNECTION)
	private ValkeyConnection gateValkey;

	@Autowired
	private ValkeyKeys keys;

	@Test
	void republishedAndReconsumedRequestsChangeNothing() throws Exception {
		long eventId = createEvent(3, null);
		this.gate.load(eventId, 3);
		List<BookingRequested> requests = List.of(gatedRequest(eventId, 1), gatedRequest(eventId, 2),
				request(eventId, 3, 1, false), gatedRequest(eventId, 4), request(eventId, 5, 1, false));
		RecordMetadata first = publish(requests).get(0).getRecordMetadata();
		awaitBookings(eventId, 5);
		awaitAllConsumed();
		Settled before = settled(eventId, requests);
		assertThat(before.seatsSold()).isEqualTo(3);

		publish(requests);
		awaitAllConsumed();
		assertThat(settled(eventId, requests)).isEqualTo(before);

		reconsumeFrom(new TopicPartition(first.topic(), first.partition()), first.offset());
		awaitAllConsumed();
		assertThat(settled(eventId, requests)).isEqualTo(before);
	}

	@Test
	void aReplayAfterTheGateForgotItsSettleTouchesNothingInValkey() {
		long eventId = createEvent(3, null);
		this.gate.load(eventId, 3);
		List<BookingRequested> requests = List.of(request(eventId, 6, 1, false), gatedRequest(eventId, 7));
		publish(requests);
		awaitBookings(eventId, 2);
		awaitAllConsumed();
		assertThat(this.gate.available(eventId)).hasValue(1);
		GateSnapshot before = this.gate.snapshot(eventId);
		// the settled marker's TTL ran out (it is one TTL for the whole hash)
		this.gateValkey.sync().del(this.keys.event(eventId).settled());

		publish(requests);
		awaitAllConsumed();

		assertThat(this.gate.available(eventId)).hasValue(1);
		assertThat(this.gate.snapshot(eventId)).isEqualTo(before);
		assertThat(this.gateValkey.sync().exists(this.keys.event(eventId).settled())).isZero();
	}

	private BookingRequested gatedRequest(long eventId, long userId) {
		BookingRequested request = request(eventId, userId, 1, true);
		this.gate.reserve(eventId, request.bookingId(), 1);
		return request;
	}

	private void reconsumeFrom(TopicPartition partition, long offset) throws Exception {
		MessageListenerContainer container = this.listeners.getListenerContainer(BookingRequestListener.ID);
		assertThat(container).isNotNull();
		container.stop();
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			// the broker refuses while the stopped consumer's membership is still in the group (a slow leave)
			await().atMost(TIMEOUT)
				.ignoreExceptions()
				.untilAsserted(() -> admin
					.alterConsumerGroupOffsets(BookingTopics.WORKER_GROUP,
							Map.of(partition, new OffsetAndMetadata(offset)))
					.all()
					.get(10, TimeUnit.SECONDS));
		}
		finally {
			container.start();
		}
	}

	private Settled settled(long eventId, List<BookingRequested> requests) {
		List<Map<String, Object>> rows = this.jdbc.queryForList("""
				select id, status, reason, settled_at, settled_in_tx from bookings where event_id = ? order by id""",
				eventId);
		List<CachedBooking> statuses = requests.stream()
			.map((request) -> this.statusCache.get(request.bookingId()).orElseThrow())
			.toList();
		return new Settled(rows, seatsSold(eventId), this.gate.available(eventId).orElseThrow(),
				this.gate.snapshot(eventId), statuses);
	}

	private record Settled(List<Map<String, Object>> bookings, int seatsSold, long available, GateSnapshot gate,
			List<CachedBooking> statuses) {
	}

}
