package io.minitickets.localstack.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class StateStoreTests {

	@TempDir
	Path directory;

	@Test
	void readsBackTheStateItWrote() {
		StateStore store = new StateStore(this.directory.resolve("state"));
		StackState state = StackState.fresh("admin@minitickets.local", null)
			.withKafka("127.0.0.1:40001")
			.withPostgres(new PostgresEndpoint("jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d", "postgres", "",
					"jdbc:postgresql://127.0.0.1:5432/postgres", "minitickets_1a2b3c4d", true))
			.withValkey(new ValkeyEndpoint("redis://127.0.0.1:6379", "stack-1a2b3c4d:", true))
			.withProcess(new ManagedProcess("kafka", ProcessKind.INFRASTRUCTURE, 1234,
					Instant.parse("2026-11-29T08:00:00.120Z"), "/tmp/kafka.log", "127.0.0.1:40001", null))
			.withProcess(new ManagedProcess("api-service", ProcessKind.SERVICE, 1235, null, "/tmp/api-service.log",
					"http://127.0.0.1:40002", "http://127.0.0.1:40003/actuator/health"));

		store.save(state);

		assertThat(store.load()).contains(state);
	}

	@Test
	void findsNoStackWithoutAStateFile() {
		assertThat(new StateStore(this.directory).load()).isEmpty();
	}

	@Test
	void refusesAStateFileThatIsNotAStacksState() throws Exception {
		Files.writeString(this.directory.resolve(StateStore.FILE_NAME), "{ not json");

		assertThatExceptionOfType(StackException.class).isThrownBy(() -> new StateStore(this.directory).load())
			.withMessageContaining(StateStore.FILE_NAME);
	}

	@Test
	void freshStacksGetTheirOwnIdSigningKeyAndAdminPassword() {
		StackState first = StackState.fresh("admin@minitickets.local", null);
		StackState second = StackState.fresh("admin@minitickets.local", null);

		assertThat(first.stackId()).matches("[0-9a-f]{8}").isNotEqualTo(second.stackId());
		assertThat(first.jwtSecret()).hasSizeGreaterThanOrEqualTo(32).isNotEqualTo(second.jwtSecret());
		assertThat(first.adminPassword()).isNotEqualTo(second.adminPassword());
		assertThat(first.processes()).isEqualTo(List.of());
	}

}
