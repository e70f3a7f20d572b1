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
 * Opens a rush's sale when half its customers arrived, whenever Gatling got going: on a loaded machine Gatling takes
 * from a few to tens of seconds to start, so an opening set in advance could find every customer before or after it.
 * {@link #LEAD} before that (at the arrival rate) it moves the event's {@code sale_opens_at} in Postgres to
 * {@link #LEAD} from then, as {@code ./minitickets ops events open} would: longer than api-service's event cache keeps
 * an event (2 s), so that no customer is admitted (the admission scheduler reads Postgres) while the booking route
 * still takes the sale for closed. Watches the {@link Ledger}'s {@value WaitingRoomScenarios#ARRIVED} count, on its
 * own thread.
 */
public final class SaleOpener implements AutoCloseable {

	/** How far ahead the opening is set: beyond api-service's event cache TTL (2 s). */
	static final Duration LEAD = Duration.ofSeconds(3);

	private static final Duration LOOK_EVERY = Duration.ofMillis(20);

	private final PostgresEndpoint database;

	private final long eventId;

	private final long setAt;

	private final PrintStream out;

	private final AtomicReference<@Nullable Instant> openedAt = new AtomicReference<>();

	private final Thread thread;

	/**
	 * Starts watching.
	 * @param database the stack's Postgres
	 * @param eventId the rush's event, its sale not open yet
	 * @param halfway the customers to arrive before the opening
	 * @param rate the customers' arrivals per second
	 * @param out where the opening is reported
	 */
	public SaleOpener(PostgresEndpoint database, long eventId, long halfway, double rate, PrintStream out) {
		this.database = database;
		this.eventId = eventId;
		this.setAt = Math.max(1, halfway - (long) (rate * LEAD.toMillis() / 1000));
		this.out = out;
		this.thread = Thread.ofPlatform().daemon().name("rush-sale-opener").start(this::openAtHalfway);
	}

	/**
	 * @return when the sale opens (or opened); null when it was never set (the run ended first, or Postgres refused)
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
			while (Ledger.current().count(WaitingRoomScenarios.ROLE, WaitingRoomScenarios.ARRIVED) < this.setAt) {
				Thread.sleep(LOOK_EVERY);
			}
			Instant opening = Instant.now().plus(LEAD);
			PostgresServer server = new PostgresServer(this.database.adminUrl(), this.database.username(),
					this.database.password());
			try (Connection connection = server.connect(this.database.jdbcUrl());
					PreparedStatement update = connection
						.prepareStatement("update events set sale_opens_at = ? where id = ?")) {
				update.setTimestamp(1, Timestamp.from(opening));
				update.setLong(2, this.eventId);
				update.executeUpdate();
			}
			this.openedAt.set(opening);
			this.out.printf("Event %d: its sale opens at %s (set after %,d customers arrived)%n", this.eventId,
					opening, this.setAt);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (SQLException ex) {
			this.out.printf("Event %d: its sale could not be opened: %s%n", this.eventId, ex.getMessage());
		}
	}

}
