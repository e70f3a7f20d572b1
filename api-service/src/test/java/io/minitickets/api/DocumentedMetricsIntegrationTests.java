package io.minitickets.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.minitickets.core.testing.DocumentedMetrics;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * After a booking, api-service's {@code /actuator/prometheus} has every metric docs/OPERATIONS.md documents for it,
 * and the table lists every tag value of its own metrics.
 */
class DocumentedMetricsIntegrationTests extends ApiIntegrationTest {

	@LocalManagementPort
	private int managementPort;

	@Test
	void exposesEveryMetricTheRunbookDocumentsForItWithEveryTagValueListed() throws Exception {
		long eventId = createOpenEvent(5);
		assertThat(this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", newUserToken())
			.statusCode()).isEqualTo(202);

		String scrape = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/prometheus"))
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString())
			.body();

		assertThat(DocumentedMetrics.missingFrom("api-service", scrape)).isEmpty();
		assertThat(DocumentedMetrics.undocumentedTagsIn("api-service", scrape)).isEmpty();
		assertThat(scrape).containsPattern("minitickets_gate_decisions_total\\{decision=\"reserved\"\\} [1-9]");
	}

}
