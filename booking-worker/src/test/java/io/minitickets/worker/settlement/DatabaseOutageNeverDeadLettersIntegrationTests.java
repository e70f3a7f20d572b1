package io.minitickets.worker.settlement;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.worker.DatabaseOutage;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A database outage is transient: the batch is retried with back-off, no good record reaches the dead-letter topic,
 * and everything is settled once the database is back. The outage is real: the test's own database refuses
 * connections ({@code ALLOW_CONNECTIONS false}) and its backends are terminated. Its own context, so the outage hurts
 * no other test. The outage outlasts more attempts than spring-kafka's default back-off allows (10), with the back-off
 * capped low to keep the test short.
 */
@TestPropertySource(properties = { "spring.datasource.hikari.connection-timeout=250",
		"minitickets.worker.retry-max-interval=200ms" })
class DatabaseOutageNeverDeadLettersIntegrationTests extends WorkerIntegrationTestSupport {

	@Autowired
	private MeterRegistry meters;

	@Value("${spring.datasource.url}")
	private String databaseUrl;

	@Test
	void retriesThroughTheOutageAndSettlesEverythingAfterIt() throws SQLException {
		long eventId = createEvent(10, null);
		List<BookingRequested> requests = new ArrayList<>();
		for (int user = 1; user <= 8; user++) {
			requests.add(request(eventId, user, 1, false));
		}
		double failedBefore = failedTransactions();

		DatabaseOutage.begin(this.databaseUrl);
		try {
			publish(requests);
			await().atMost(TIMEOUT).until(() -> failedTransactions() - failedBefore >= 12);
		}
		finally {
			DatabaseOutage.end(this.databaseUrl);
		}

		awaitBookings(eventId, 8);
		awaitAllConsumed();
		assertThat(outcomes(eventId).values()).hasSize(8).containsOnly("CONFIRMED");
		assertThat(seatsSold(eventId)).isEqualTo(8);
		assertThat(readAll(BookingTopics.REQUESTED_DLT)).isEmpty();
		assertThat(this.meters.counter("minitickets.worker.dead.letters").count()).isZero();
	}

	private double failedTransactions() {
		return this.meters.counter("minitickets.worker.settlement.transactions", "outcome", "failed").count();
	}

}
