package io.minitickets.worker.settlement;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker plans its lookup of a batch's bookings for that batch's ids and the table as it is, never from a plan
 * Postgres cached earlier. A sale's first batches are small, on a table that is still small; after a server-prepared
 * statement's fifth run Postgres may switch to a generic plan made for the table as it is then, and keeps it while no
 * ANALYZE invalidates it. For {@code findSettled} that plan scans the whole table testing each row against every id of
 * the batch ({@code id = ANY ($1)}, not hashed), so the drain slowed as the table grew (docs/BENCHMARKS.md, "The
 * worker's drain after a burst"). Planned for its own ids, the statement hashes them or reads the primary key.
 * <p>
 * The session is a new connection made with the worker's pool settings; the table is a copy of {@code bookings} in
 * a schema of the test's own, first holding a few dozen rows, then 20,000, all in one transaction rolled back at the
 * end. The session's {@code pg_prepared_statements} counts the plans each statement ran with.
 */
class SettledBookingsAreLookedUpByKeyIntegrationTests extends WorkerIntegrationTestSupport {

	private static final String INSERT = """
			insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at)
			select gen_random_uuid(), 1, g, 1, 'CONFIRMED', true, now() from generate_series(1, ?) g returning id""";

	@Autowired
	private HikariDataSource workerDataSource;

	@Test
	void everyBatchIsPlannedForItsOwnIdsNotWithAPlanCachedWhileTheTableWasSmall() {
		HikariConfig settings = new HikariConfig();
		this.workerDataSource.copyStateTo(settings);
		settings.setPoolName("settled-lookup-probe");
		settings.setMaximumPoolSize(1);
		try (HikariDataSource session = new HikariDataSource(settings)) {
			JdbcTemplate jdbc = new JdbcTemplate(session);
			SettlementRepository repository = new SettlementRepository(jdbc);
			String schema = "settled_lookup_" + UUID.randomUUID().toString().substring(0, 8);
			new TransactionTemplate(new DataSourceTransactionManager(session)).executeWithoutResult((status) -> {
				jdbc.execute("create schema " + schema);
				jdbc.execute("create table " + schema + ".bookings (like public.bookings including all)");
				jdbc.execute("set local search_path = " + schema);
				for (int batch = 0; batch < 12; batch++) {
					List<UUID> small = insert(jdbc, 30);
					assertThat(repository.findSettled(small)).hasSize(30);
				}
				List<UUID> settled = insert(jdbc, 20_000).subList(0, 250);
				List<UUID> batch = new ArrayList<>(settled);
				for (int i = 0; i < 250; i++) {
					batch.add(UUID.randomUUID());
				}

				assertThat(repository.findSettled(batch)).containsOnlyKeys(settled);

				Plans plans = jdbc.queryForObject("""
						select coalesce(sum(generic_plans), 0), coalesce(sum(custom_plans), 0) from pg_prepared_statements
						where statement like '%from bookings where id = any(%'""",
						(rs, row) -> new Plans(rs.getLong(1), rs.getLong(2)));
				assertThat(plans.custom()).as("runs of the server-prepared lookup planned for their own ids")
					.isPositive();
				assertThat(plans.generic()).as("runs of the server-prepared lookup with a cached generic plan").isZero();
				status.setRollbackOnly();
			});
		}
	}

	private static List<UUID> insert(JdbcTemplate jdbc, int bookings) {
		return jdbc.queryForList(INSERT, UUID.class, bookings);
	}

	/** How often the session's server-prepared lookup ran with each kind of plan. */
	private record Plans(long generic, long custom) {
	}

}
