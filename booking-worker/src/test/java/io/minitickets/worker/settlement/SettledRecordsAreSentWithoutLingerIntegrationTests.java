package io.minitickets.worker.settlement;

import java.util.Map;

import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The listener sends a batch's {@code bookings.settled} records and at once waits for the broker's acknowledgements
 * (the offsets may be committed only after them), so its producer must send them without a linger: nothing else would
 * fill the last, partly filled producer batch, and a linger of 5 ms was added to every listener batch (issue 19, the
 * worker figure). One producer batch takes a whole listener batch (500 records of ~250 bytes), so that the records go
 * in one produce request rather than in 16 KB pieces queued behind each other.
 */
class SettledRecordsAreSentWithoutLingerIntegrationTests extends WorkerIntegrationTestSupport {

	private static final int LISTENER_BATCH_BYTES = 500 * 250;

	@Test
	void theWorkersProducerSendsABatchAtOnceInOneProducerBatch() {
		Map<String, Object> producer = this.kafka.getProducerFactory().getConfigurationProperties();

		assertThat(Integer.parseInt(producer.get(ProducerConfig.LINGER_MS_CONFIG).toString())).isZero();
		assertThat(Integer.parseInt(producer.get(ProducerConfig.BATCH_SIZE_CONFIG).toString()))
			.isGreaterThanOrEqualTo(LISTENER_BATCH_BYTES);
	}

}
