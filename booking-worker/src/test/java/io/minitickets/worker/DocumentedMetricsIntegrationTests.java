package io.minitickets.worker;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import io.minitickets.core.testing.DocumentedMetrics;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * After a booking is settled, the worker's {@code /actuator/prometheus} has every metric docs/OPERATIONS.md documents
 * for it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "minitickets.schema.migrate=true", "minitickets.topics.partitions=3", "management.server.port=0",
				"spring.datasource.hikari.connection-timeout=250" })
class DocumentedMetricsIntegrationTests extends WorkerIntegrationTestSupport {

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalManagementPort
	private int managementPort;

	@Test
	void exposesEveryMetricTheRunbookDocumentsForItWithEveryTagValueListed() {
		long eventId = createEvent(5, null);
		publish(List.of(request(eventId, 1, 1, false)));

		await().atMost(TIMEOUT).ignoreExceptions().untilAsserted(() -> {
			String scrape = scrape();
			assertThat(DocumentedMetrics.missingFrom("booking-worker", scrape)).isEmpty();
			assertThat(DocumentedMetrics.undocumentedTagsIn("booking-worker", scrape)).isEmpty();
			assertThat(scrape).containsPattern(
					"minitickets_worker_bookings_settled_total\\{reason=\"none\",replay=\"false\",status=\"CONFIRMED\"\\} [1-9]");
		});
	}

	private String scrape() throws Exception {
		return this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/prometheus"))
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString())
			.body();
	}

}
