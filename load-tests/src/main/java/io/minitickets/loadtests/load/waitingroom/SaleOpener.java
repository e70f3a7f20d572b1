package io.minitickets.loadtests.load.waitingroom;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.gatling.Ledger;
import io.minitickets.loadtests.gatling.WaitingRoomScenarios;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;

/**
 * Opens a rush's sale once half its customers arrived, whenever Gatling got going: on a loaded machine Gatling takes
 * from a few to tens of seconds to start, so an opening set in advance could find every customer before or after it.
 * It moves the event's {@code sale_opens_at} to now in Postgres, as {@code ./minitickets ops events open} does; the
 * API sees it within its event cache's TTL (2 s), and admission starts with the opening's draw. Watches the
 * {@link Ledger}'s {@value WaitingRoomScenarios#ARRIVED} count, on its own thread.
 */
public final class SaleOpener implements AutoCloseable {

	private static final Duration LOOK_EVERY = Duration.ofMillis(20);

	private final PostgresEndpoint database;

	private final long eventId;

	private final long halfway;

	private final PrintStream out;

	private final AtomicReference<@Nullable Instant> openedAt = new AtomicReference<>();

	private final Thread thread;

	/**
	 * Starts watching.
	 * @param database the stack's Postgres
	 * @param eventId the rush's event, its sale not open yet
	 * @param halfway the customers to arrive before the opening
	 * @param out where the opening is reported
	 */
	public SaleOpener(PostgresEndpoint database, long eventId, long halfway, PrintStream out) {
		this.database = database;
		this.eventId = eventId;
		this.halfway = halfway;
		this.out = out;
		this.thread = Thread.ofPlatform().daemon().name("rush-sale-opener").start(this::openAtHalfway);
	}

	/**
	 * @return when the sale was opened; null when it was not (the run ended first, or Postgres refused)
	 */
	public @Nullable Instant openedAt() {
		return this.openedAt.get();
	}

	/**
	 * Stops watching, the sale opened or not.
	 */
	@Override
	public void close() {
		this.thread.interrupt();
	}

	private void openAtHalfway() {
		try {
			while (Ledger.current().count(WaitingRoomScenarios.ROLE, WaitingRoomScenarios.ARRIVED) < this.halfway) {
				Thread.sleep(LOOK_EVERY);
			}
			Instant now = Instant.now();
			PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
					this.database.password());
			try (Connection connection = server.connect(this.database.jdbcUrl());
					PreparedStatement update = connection
						.prepareStatement("update events set sale_opens_at = ? where id = ?")) {
				update.setTimestamp(1, Timestamp.from(now));
				update.setLong(2, this.eventId);
				update.executeUpdate();
			}
			this.openedAt.set(now);
			this.out.printf("Event %d: sale opened at %s, after %,d customers arrived%n", this.eventId, now,
					this.halfway);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (SQLException ex) {
			this.out.printf("Event %d: its sale could not be opened: %s%n", this.eventId, ex.getMessage());
		}
	}

}
