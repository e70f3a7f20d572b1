package io.minitickets.loadtests.load.paid;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.stack.StackException;

/**
 * Reads a paid sale's figures from Postgres and the simulator, and waits until the sale is quiet: no booking HELD
 * (every hold and offer paid or expired), no entry WAITING, no webhook delivery PENDING, no refund pending, and the
 * figures unchanged between two reads a second apart.
 */
public final class PaidSaleReader {

	private static final String FIGURES = """
			with run as (select id, status, hold_expires_at, paid_at from bookings where event_id = ?)
			select (select count(*) from payments p join run on run.id = p.booking_id where p.kind = 'SUCCEEDED'),
			       (select count(*) from payments p join run on run.id = p.booking_id where p.kind = 'FAILED'),
			       (select count(*) from refunds r join run on run.id = r.booking_id),
			       (select count(*) from run where hold_expires_at is not null),
			       (select count(*) from run where status = 'EXPIRED'),
			       (select count(*) from run where paid_at is not null),
			       (select count(*) from waitlist_entries where event_id = ?),
			       (select count(*) from waitlist_entries where event_id = ? and offer_booking_id is not null),
			       (select count(*) from waitlist_entries where event_id = ? and state = 'TAKEN'),
			       (select count(*) from run where status = 'HELD')
			         + (select count(*) from waitlist_entries where event_id = ? and state = 'WAITING')
			         + (select count(*) from refunds r join run on run.id = r.booking_id where r.done_at is null)""";

	private static final Duration POLL = Duration.ofSeconds(1);

	private final PostgresEndpoint database;

	private final SimulatorControl simulator;

	/**
	 * @param database the stack's database
	 * @param simulator the stack's payment simulator
	 */
	public PaidSaleReader(PostgresEndpoint database, SimulatorControl simulator) {
		this.database = database;
		this.simulator = simulator;
	}

	/**
	 * Waits, bounded, until the event's sale is quiet, then reads its figures.
	 * @param eventId the sale's event
	 * @param timeout the longest wait
	 * @return the figures; when the wait ended first, as they were then
	 * @throws StackException when Postgres or the simulator cannot be read
	 */
	public Quiet awaitQuiet(long eventId, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		Read before = read(eventId);
		while (true) {
			ProcessWaits.pause(POLL);
			Read now = read(eventId);
			if ((now.open() == 0 && now.equals(before)) || System.nanoTime() - deadline > 0) {
				return new Quiet(now.figures(), now.open() == 0);
			}
			before = now;
		}
	}

	private Read read(long eventId) {
		Set<String> bookings = new HashSet<>();
		long[] counts = new long[10];
		try (Connection connection = connect();
				PreparedStatement figures = connection.prepareStatement(FIGURES);
				PreparedStatement ids = connection.prepareStatement("select id::text from bookings where event_id = ?")) {
			for (int parameter = 1; parameter <= 5; parameter++) {
				figures.setLong(parameter, eventId);
			}
			try (ResultSet row = figures.executeQuery()) {
				row.next();
				for (int column = 0; column < counts.length; column++) {
					counts[column] = row.getLong(column + 1);
				}
			}
			ids.setLong(1, eventId);
			try (ResultSet rows = ids.executeQuery()) {
				while (rows.next()) {
					bookings.add(rows.getString(1));
				}
			}
		}
		catch (SQLException ex) {
			throw new StackException("Cannot query " + this.database.jdbcUrl() + ": " + ex.getMessage(), ex);
		}
		List<SimulatorControl.Delivery> deliveries = this.simulator.deliveries()
			.stream()
			.filter((delivery) -> delivery.bookingId() != null && bookings.contains(delivery.bookingId()))
			.toList();
		long duplicates = deliveries.size()
				- deliveries.stream().map(SimulatorControl.Delivery::eventId).distinct().count();
		long pending = deliveries.stream().filter((delivery) -> "PENDING".equals(delivery.state())).count();
		PaidSaleFigures figures = new PaidSaleFigures(
				new PaidSaleFigures.Payments(counts[0], counts[1], counts[2], duplicates),
				new PaidSaleFigures.Holds(counts[3], counts[4], counts[5]),
				new PaidSaleFigures.Waitlist(counts[6], counts[7], counts[8]));
		return new Read(figures, counts[9] + pending);
	}

	private Connection connect() throws SQLException {
		return new PostgresServer(this.database.adminUrl(), this.database.username(), this.database.password())
			.connect(this.database.jdbcUrl());
	}

	/**
	 * @param figures the sale's figures
	 * @param reached true when the sale was quiet; false when the wait ended first
	 */
	public record Quiet(PaidSaleFigures figures, boolean reached) {
	}

	private record Read(PaidSaleFigures figures, long open) {
	}

}
