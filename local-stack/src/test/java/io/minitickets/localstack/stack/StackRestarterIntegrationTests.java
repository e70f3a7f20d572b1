package io.minitickets.localstack.stack;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.postgres.EmbeddedPostgresServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Starts real infrastructure processes as {@code up} does, kills them with SIGKILL, and lets {@code up}'s restart bring
 * them back where they were, with their data.
 */
class StackRestarterIntegrationTests {

	private static final String TOPIC = "kept-across-restart";

	@TempDir
	Path directory;

	private final ByteArrayOutputStream output = new ByteArrayOutputStream();

	private final PrintStream out = new PrintStream(this.output, true, StandardCharsets.UTF_8);

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void restartsAKilledKafkaBrokerOnItsPortAndDataAndRecordsItsNewPid() throws Exception {
		StateStore store = new StateStore(this.directory);
		ManagedProcess broker = new KafkaBroker(new ProcessLauncher(this.directory), ProcessLauncher.classpath())
			.start(this.directory.resolve(KafkaBroker.NAME), this.directory.resolve("logs/kafka.log"));
		StackState stack = StackState.fresh("admin@minitickets.local", null)
			.withProcess(broker)
			.withKafka(String.valueOf(broker.url()));
		store.save(stack);
		try {
			createTopic(String.valueOf(broker.url()));
			broker.handle().orElseThrow().destroyForcibly();
			await().atMost(Duration.ofSeconds(60)).until(() -> !broker.running());
			RestartPlan plan = RestartPlan.of(store.load().orElseThrow(), ManagedProcess::running);
			assertThat(plan.restarted()).containsExactly(KafkaBroker.NAME);

			stack = new StackRestarter(store, store.load().orElseThrow(), this.directory, this.out).restart(plan);

			ManagedProcess restarted = stack.process(KafkaBroker.NAME).orElseThrow();
			assertThat(restarted.running()).isTrue();
			assertThat(restarted.pid()).isNotEqualTo(broker.pid());
			assertThat(restarted.url()).isEqualTo(broker.url());
			assertThat(store.load()).contains(stack);
			await().atMost(Duration.ofSeconds(60))
				.ignoreExceptions()
				.untilAsserted(() -> assertThat(topics(String.valueOf(restarted.url()))).contains(TOPIC));
			assertThat(this.directory.resolve("logs/kafka.previous.log")).exists();
		}
		finally {
			assertThat(new StackStopper(store, this.out).stop(stack)).isTrue();
		}
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void restartsAnEmbeddedPostgresWhoseJvmWasKilledOnItsPortAndData() throws Exception {
		StateStore store = new StateStore(this.directory);
		EmbeddedPostgresServer.Started started = new EmbeddedPostgresServer(new ProcessLauncher(this.directory),
				ProcessLauncher.classpath())
			.start(this.directory.resolve(EmbeddedPostgresServer.NAME), this.directory.resolve("logs/postgres.log"));
		PostgresEndpoint database = started.server().createDatabase("minitickets_kept", false);
		StackState stack = StackState.fresh("admin@minitickets.local", null).withPostgres(database);
		for (ManagedProcess process : started.processes()) {
			stack = stack.withProcess(process);
		}
		store.save(stack);
		ManagedProcess jvm = stack.process(EmbeddedPostgresServer.NAME).orElseThrow();
		try {
			jvm.handle().orElseThrow().destroyForcibly();
			await().atMost(Duration.ofSeconds(60)).until(() -> !jvm.running());
			RestartPlan plan = RestartPlan.of(store.load().orElseThrow(), ManagedProcess::running);
			assertThat(plan.restarted()).containsExactly(EmbeddedPostgresServer.NAME);

			stack = new StackRestarter(store, store.load().orElseThrow(), this.directory, this.out).restart(plan);

			assertThat(stack.processes()).allMatch(ManagedProcess::running);
			assertThat(stack.process(EmbeddedPostgresServer.NAME).orElseThrow().url()).isEqualTo(jvm.url());
			try (Connection connection = started.server().connect(database.jdbcUrl())) {
				assertThat(connection.isValid(5)).isTrue();
			}
		}
		finally {
			assertThat(new StackStopper(store, this.out).stop(stack)).isTrue();
		}
	}

	private static void createTopic(String bootstrapServers) throws Exception {
		try (Admin admin = admin(bootstrapServers)) {
			admin.createTopics(List.of(new NewTopic(TOPIC, KafkaBroker.PARTITIONS, (short) 1)))
				.all()
				.get(30, TimeUnit.SECONDS);
		}
	}

	private static Set<String> topics(String bootstrapServers) throws Exception {
		try (Admin admin = admin(bootstrapServers)) {
			return admin.listTopics().names().get(30, TimeUnit.SECONDS);
		}
	}

	private static Admin admin(String bootstrapServers) {
		return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
	}

}
