package io.minitickets.reconciler;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.testing.DocumentedMetrics;
import io.minitickets.core.testing.TestInfrastructure;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
		"minitickets.schema.migrate=true", "minitickets.reconciler.interval=100ms", "management.server.port=0" })
@DirtiesContext
class ReconcilerApplicationIntegrationTests {

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@DynamicPropertySource
	static void infrastructure(DynamicPropertyRegistry registry) {
		TestInfrastructure.register(registry);
	}

	@Autowired
	private InventoryGate gate;

	@Autowired
	private JdbcClient jdbc;

	@LocalManagementPort
	private int managementPort;

	@Test
	void scheduledPassesLoadTheCounterOfAnEventWhoseSaleOpened() {
		long eventId = this.jdbc
			.sql("insert into events (name, capacity, sale_opens_at) values ('Opening night', 16, now()) returning id")
			.query(Long.class)
			.single();

		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(this.gate.available(eventId)).hasValue(16));
	}

	@Test
	void exposesItsMetricsForPrometheus() {
		await().atMost(Duration.ofSeconds(30))
			.ignoreExceptions()
			.untilAsserted(() -> assertThat(get("/actuator/prometheus")).contains(
					"minitickets_reconciler_passes_total{outcome=\"completed\"}",
					"minitickets_reconciler_pass_duration_seconds_count", "minitickets_reconciler_leases_expired_total"));
	}

	@Test
	void exposesEveryMetricTheRunbookDocumentsForItWithEveryTagValueListed() {
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
			String scrape = get("/actuator/prometheus");
			assertThat(DocumentedMetrics.missingFrom("reconciler", scrape)).isEmpty();
			assertThat(DocumentedMetrics.undocumentedTagsIn("reconciler", scrape)).isEmpty();
		});
	}

	@Test
	void reportsTheGateValkeyInHealth() {
		// health is checked live (PINGs, a database query): awaited, as one slow answer on a busy machine is not a
		// failure of the service
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
			assertThat(get("/actuator/health")).contains("\"status\":\"UP\"").contains("\"valkey\"");
			assertThat(get("/actuator/health/readiness")).contains("\"status\":\"UP\"");
		});
	}

	private String get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + path))
			.timeout(Duration.ofSeconds(5))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString()).body();
	}

}
