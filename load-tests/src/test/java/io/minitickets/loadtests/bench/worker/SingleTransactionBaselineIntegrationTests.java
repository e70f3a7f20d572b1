package io.minitickets.loadtests.bench.worker;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker figure's baseline, one booking per transaction, on a database of its own on the machine's Postgres
 * (migrated as the services migrate it): it takes each seat with the conditional update alone, so it holds no lock on
 * the event row that a concurrent foreign-key check (a {@code for key share} lock, as any insert of a booking takes)
 * would wait for, and every booking it reports is confirmed in Postgres.
 */
class SingleTransactionBaselineIntegrationTests {

	private final PostgresServer server = PostgresServer.configured();

	private final String database = "bench_baseline_" + HexFormat.of().formatHex(randomBytes());

	private PostgresEndpoint postgres;

	@BeforeEach
	void createMigratedDatabase() {
		this.postgres = this.server.createDatabase(this.database, true);
		Flyway.configure()
			.dataSource(this.postgres.jdbcUrl(), this.postgres.username(), this.postgres.password())
			.load()
			.migrate();
	}

	@AfterEach
	void dropDatabase() {
		this.server.dropDatabase(this.database);
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void booksWhileAnotherTransactionHoldsAKeyShareLockOnTheEventRow() throws Exception {
		try (Events events = new Events(this.postgres);
				Connection other = this.server.connect(this.postgres.jdbcUrl());
				ExecutorService thread = Executors.newSingleThreadExecutor()) {
			long eventId = events.create("baseline", 1_000_000);
			other.setAutoCommit(false);
			try (PreparedStatement keyShare = other
				.prepareStatement("select id from events where id = ? for key share")) {
				keyShare.setLong(1, eventId);
				keyShare.executeQuery().close();
			}
			Future<Long> booking = thread
				.submit(() -> new SingleTransactionBaseline(this.postgres, 2).run(eventId, Duration.ofSeconds(1)));
			try {
				long committed = booking.get(60, TimeUnit.SECONDS);

				assertThat(committed).isPositive();
				events.requireAllConfirmed(eventId, Math.toIntExact(committed));
			}
			finally {
				other.rollback();
			}
		}
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[4];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

}
