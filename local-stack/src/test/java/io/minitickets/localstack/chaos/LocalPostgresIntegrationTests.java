package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fault-injection run's own Postgres (issue 19, item 24) answers a commit only once it is durable, so a crash of
 * that Postgres cannot take back a booking whose Kafka offset the worker already committed (a 202 lost); after a
 * SIGKILL of its postmaster it comes back on its data with every answered commit.
 */
class LocalPostgresIntegrationTests {

	@TempDir
	Path directory;

	private LocalPostgres postgres;

	private ManagedProcess postmaster;

	@BeforeEach
	void start() throws IOException {
		// as root, Postgres runs as the user postgres, which must be able to enter the folder JUnit made private
		Files.setPosixFilePermissions(this.directory, PosixFilePermissions.fromString("rwxr-xr-x"));
		this.postgres = new LocalPostgres(new ProcessLauncher(this.directory), this.directory.resolve("pg"),
				FreePorts.allocate());
		this.postgres.init(this.directory.resolve("initdb.log"));
		this.postmaster = this.postgres.start(this.directory.resolve("postgres.log"));
	}

	@AfterEach
	void stop() {
		ProcessWaits.kill(this.postmaster);
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void runsWithDurableSynchronousCommits() throws SQLException {
		assertThat(setting("fsync")).isEqualTo("on");
		assertThat(setting("synchronous_commit")).isEqualTo("on");
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void keepsEveryAnsweredCommitAcrossASigkillOfItsPostmaster() throws SQLException {
		int committed = 0;
		try (Connection connection = connect(); Statement statement = connection.createStatement()) {
			statement.execute("create table booked (id int primary key)");
			for (int id = 1; id <= 300; id++) {
				statement.execute("insert into booked values (" + id + ")");
				committed++;
			}
		}

		this.postgres.crash(this.postmaster);
		this.postmaster = this.postgres.start(this.directory.resolve("postgres.2.log"));

		try (Connection connection = connect();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("select count(*) from booked")) {
			result.next();
			assertThat(result.getInt(1)).isEqualTo(committed);
		}
	}

	private Connection connect() throws SQLException {
		return this.postgres.server().connect(this.postgres.server().adminUrl());
	}

	private String setting(String name) throws SQLException {
		try (Connection connection = connect();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("show " + name)) {
			result.next();
			return result.getString(1);
		}
	}

}
