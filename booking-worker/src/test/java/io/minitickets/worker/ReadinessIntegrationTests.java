package io.minitickets.worker;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The worker is not ready while Postgres is unreachable (nothing could be settled), and ready again once it is back.
 * Same context as {@link DocumentedMetricsIntegrationTests}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "minitickets.schema.migrate=true", "minitickets.topics.partitions=3", "management.server.port=0",
				"spring.datasource.hikari.connection-timeout=250" })
class ReadinessIntegrationTests extends WorkerIntegrationTestSupport {

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalManagementPort
	private int managementPort;

	@Value("${spring.datasource.url}")
	private String databaseUrl;

	@Test
	void isNotReadyWhilePostgresIsUnreachable() throws SQLException {
		await().atMost(TIMEOUT).ignoreExceptions().until(() -> readiness().statusCode() == 200);

		DatabaseOutage.begin(this.databaseUrl);
		try {
			await().atMost(TIMEOUT).ignoreExceptions().untilAsserted(() -> {
				HttpResponse<String> down = readiness();
				assertThat(down.statusCode()).isEqualTo(503);
				assertThat(down.body()).contains("\"status\":\"DOWN\"");
			});
		}
		finally {
			DatabaseOutage.end(this.databaseUrl);
		}

		await().atMost(TIMEOUT).ignoreExceptions().until(() -> readiness().statusCode() == 200);
	}

	private HttpResponse<String> readiness() throws Exception {
		return this.http.send(HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health/readiness"))
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
