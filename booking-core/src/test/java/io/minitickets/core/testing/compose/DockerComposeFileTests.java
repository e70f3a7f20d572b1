package io.minitickets.core.testing.compose;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.minitickets.core.messaging.BookingTopics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The repository's {@code docker-compose.yml}: valid for the compose command line, and consistent with the code it
 * deploys (topic names, management ports, Prometheus targets). Whether each service's variables bind to its
 * properties is checked in each service's module ({@code ComposeEnvironmentBindingTests}), against its class path.
 * <p>
 * The {@code docker-compose config} tests are skipped, with the reason, where the command is not installed, except
 * in CI ({@code CI=true}), where {@code .ci/run} installs it first and a missing command is a failure.
 */
class DockerComposeFileTests {

	/** What the file refuses to start without (no usable default). */
	private static final Map<String, String> REQUIRED = Map.of("MINITICKETS_JWT_SECRET",
			"a-test-secret-of-at-least-32-bytes!!", "MINITICKETS_ADMIN_PASSWORD", "test-admin-password",
			"POSTGRES_PASSWORD", "test-postgres-password");

	private final ComposeFile compose = ComposeFile.atRepositoryRoot();

	@Test
	void validatesWithDockerComposeConfigWithAndWithoutTheMonitoringProfile() {
		DockerComposeCli cli = dockerCompose();

		DockerComposeCli.Result plain = cli.config(this.compose.path(), REQUIRED, List.of());
		DockerComposeCli.Result monitoring = cli.config(this.compose.path(), REQUIRED, List.of("monitoring"));

		assertThat(plain.exitCode()).as("docker-compose config: %s", plain.errors()).isZero();
		assertThat(monitoring.exitCode()).as("docker-compose --profile monitoring config: %s", monitoring.errors())
			.isZero();
	}

	/**
	 * {@code ./mvnw -pl <service> -am} in the image's build stage reads the whole reactor: every module the parent pom
	 * lists needs at least its {@code pom.xml} in the stage, or Maven stops at "Child module … does not exist" before
	 * building anything (it did for ops-cli, bench-ceiling and load-tests, which the stage lacked).
	 */
	@Test
	void theImagesBuildStageHasEveryModuleOfTheReactor() throws IOException {
		Path root = ComposeFile.repositoryRoot();
		String pom = Files.readString(root.resolve("pom.xml"));
		String dockerfile = Files.readString(root.resolve("Dockerfile"));
		Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
		Set<String> missing = new LinkedHashSet<>();
		while (modules.find()) {
			String module = modules.group(1).trim();
			if (!dockerfile.contains("COPY " + module + "/ " + module + "/")
					&& !dockerfile.contains("COPY " + module + "/pom.xml " + module + "/pom.xml")) {
				missing.add(module);
			}
		}

		assertThat(missing).as("modules of pom.xml the Dockerfile's build stage does not copy").isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "MINITICKETS_JWT_SECRET", "MINITICKETS_ADMIN_PASSWORD", "POSTGRES_PASSWORD" })
	void refusesToRenderWithoutARequiredSecret(String secret) {
		Map<String, String> withoutIt = new HashMap<>(REQUIRED);
		withoutIt.remove(secret);

		DockerComposeCli.Result result = dockerCompose().config(this.compose.path(), withoutIt, List.of());

		assertThat(result.exitCode()).isNotZero();
		assertThat(result.errors()).contains(secret);
	}

	@Test
	void createsExactlyTheBookingTopics() {
		Matcher loop = Pattern.compile("for topic in ([^;]+);").matcher(this.compose.command("kafka-topics"));

		assertThat(loop.find()).as("the kafka-topics service's loop over topic names").isTrue();
		assertThat(Set.of(loop.group(1).trim().split("\\s+"))).containsExactlyInAnyOrder(BookingTopics.REQUESTED,
				BookingTopics.SETTLED, BookingTopics.REQUESTED_DLT, BookingTopics.PAYMENTS_RECEIVED,
				BookingTopics.PAYMENTS_RECEIVED_DLT, BookingTopics.CANCELLATIONS_REQUESTED,
				BookingTopics.CANCELLATIONS_REQUESTED_DLT);
	}

	@Test
	void runsTwoApiServicesBehindOneProxyTwoWorkersAndOneReconciler() {
		assertThat(this.compose.servicesBuiltFrom("api-service")).hasSize(2)
			.allSatisfy((api) -> assertThat(api.environment()).containsEntry("TRUST_PROXY_HOPS", "1"));
		assertThat(this.compose.servicesBuiltFrom("booking-worker")).hasSize(2);
		assertThat(this.compose.servicesBuiltFrom("reconciler")).hasSize(1);
	}

	@Test
	void checksTheReadinessOfEveryServiceItBuildsOnItsManagementPort() {
		assertThat(this.compose.servicesBuiltHere()).isNotEmpty().allSatisfy((service) -> {
			String port = service.environment().get("MANAGEMENT_SERVER_PORT");
			assertThat(port).as("%s's MANAGEMENT_SERVER_PORT", service.name()).isNotBlank();
			assertThat(service.healthcheck()).as("%s's healthcheck", service.name())
				.contains("http://127.0.0.1:" + port + "/actuator/health/readiness");
		});
	}

	@Test
	void prometheusScrapesEveryServiceItBuildsOnItsManagementPort() throws IOException {
		String prometheus = Files.readString(deployFile("prometheus/prometheus.yml"));
		Set<String> targets = new LinkedHashSet<>();
		Matcher target = Pattern.compile("\"([a-z0-9-]+:\\d+)\"").matcher(prometheus);
		while (target.find()) {
			targets.add(target.group(1));
		}

		assertThat(prometheus).contains("metrics_path: /actuator/prometheus");
		assertThat(targets).containsExactlyInAnyOrderElementsOf(this.compose.servicesBuiltHere()
			.stream()
			.map((service) -> service.name() + ":" + service.environment().get("MANAGEMENT_SERVER_PORT"))
			.toList());
	}

	@Test
	void provisionsASaleDayDashboardOnTheServicesMeters() throws IOException {
		JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(deployFile(
				"grafana/dashboards/sale-day.json")));
		StringBuilder queries = new StringBuilder();
		dashboard.path("panels").forEach((panel) -> panel.path("targets")
			.forEach((query) -> queries.append(query.path("expr").asString()).append('\n')));

		assertThat(queries).contains("minitickets_bookings_total", "status=~\"202|409|429|503\"",
				"minitickets_ratelimit_unavailable_total", "kafka_consumer_fetch_manager_records_lag_max",
				"minitickets_reconciler_seats_repaired_total");
	}

	private static Path deployFile(String path) {
		return ComposeFile.repositoryRoot().resolve("deploy").resolve(path);
	}

	private static DockerComposeCli dockerCompose() {
		var cli = DockerComposeCli.find();
		if (cli.isEmpty() && "true".equals(System.getenv("CI"))) {
			fail("docker-compose is not on the PATH in CI: .ci/run installs it with scripts/install-docker-compose");
		}
		assumeTrue(cli.isPresent(), "docker-compose is not on the PATH: install Debian's docker-compose package "
				+ "(apt-get install docker-compose; .ci/run does) to validate docker-compose.yml");
		return cli.get();
	}

}
