package io.minitickets.worker.settlement;

import java.util.List;

import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The listener container commits a batch's offsets without waiting for the broker's answer (issue 19, the worker
 * figure: the wait was ~7 ms of every listener batch), and still commits them once the batch is settled.
 */
class OffsetsAreCommittedWithoutWaitingIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Test
	void theWorkersContainerCommitsAsynchronouslyAfterTheBatchIsSettled() {
		MessageListenerContainer container = this.listeners.getListenerContainer(BookingRequestListener.ID);
		assertThat(container).isNotNull();
		assertThat(container.getContainerProperties().isSyncCommits()).isFalse();

		long eventId = createEvent(2, null);
		publish(List.of(request(eventId, 1, 1, false), request(eventId, 2, 1, false), request(eventId, 3, 1, false)));
		awaitAllConsumed();

		assertThat(bookingCount(eventId)).isEqualTo(3);
		assertThat(seatsSold(eventId)).isEqualTo(2);
	}

}
