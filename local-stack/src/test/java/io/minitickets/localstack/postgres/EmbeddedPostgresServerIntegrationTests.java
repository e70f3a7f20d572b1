package io.minitickets.localstack.postgres;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateStore;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The local stack's embedded Postgres (issue 19, item 24) answers a commit only once it is durable: the library's
 * default ({@code synchronous_commit=off}) would let a crash of that Postgres take back bookings whose Kafka offsets
 * the worker already committed.
 */
class EmbeddedPostgresServerIntegrationTests {

	@TempDir
	Path directory;

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void runsWithDurableSynchronousCommits() throws SQLException {
		EmbeddedPostgresServer.Started started = new EmbeddedPostgresServer(new ProcessLauncher(this.directory),
				ProcessLauncher.classpath())
			.start(this.directory.resolve(EmbeddedPostgresServer.NAME), this.directory.resolve("postgres.log"));
		try (Connection connection = started.server().connect(started.server().adminUrl());
				Statement statement = connection.createStatement()) {
			assertThat(setting(statement, "fsync")).isEqualTo("on");
			assertThat(setting(statement, "synchronous_commit")).isEqualTo("on");
		}
		finally {
			StackState stack = StackState.fresh("admin@minitickets.local", null);
			for (ManagedProcess process : started.processes()) {
				stack = stack.withProcess(process);
			}
			new StackStopper(new StateStore(this.directory),
					new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
				.stop(stack);
		}
	}

	private static String setting(Statement statement, String name) throws SQLException {
		try (ResultSet result = statement.executeQuery("show " + name)) {
			result.next();
			return result.getString(1);
		}
	}

}
