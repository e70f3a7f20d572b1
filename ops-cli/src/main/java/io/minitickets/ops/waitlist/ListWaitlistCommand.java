package io.minitickets.ops.waitlist;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;

import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops waitlist list --event ID}: an event's waiting-list entries in the order of service (the order the worker
 * offers returned seats in: oldest first), with each waiting entry's position and each offer's booking.
 */
@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Lists an event's waiting list: position (among the WAITING entries, 1 is served first), entry "
				+ "id, user, quantity, state, joined at, and the offer: its booking, that booking's status and, while "
				+ "HELD, when the offer expires. WAITING entries first, in the order of service, then the others.",
				"Exit codes: 0 done, 2 bad usage (an unknown event)." })
final class ListWaitlistCommand implements Callable<Integer> {

	private static final String ENTRIES = """
			with waiting as (select id, row_number() over (order by joined_at, id) as position
			                 from waitlist_entries where event_id = ? and state = 'WAITING')
			select q.position, w.id, w.user_id, w.quantity, w.state, w.joined_at, w.offer_booking_id, b.status,
			       b.hold_expires_at
			from waitlist_entries w
			left join waiting q on q.id = w.id
			left join bookings b on b.id = w.offer_booking_id
			where w.event_id = ? and w.state = any(?) and (?::bigint is null or w.user_id = ?)
			order by q.position nulls last, w.joined_at, w.id limit ?""";

	@ParentCommand
	private WaitlistCommand waitlist;

	@Spec
	private CommandSpec spec;

	@Option(names = "--event", required = true, paramLabel = "ID", description = "The event.")
	private long eventId;

	@Option(names = "--state", paramLabel = "STATE", split = ",", defaultValue = "WAITING,OFFERED",
			description = "Only entries in these states: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
	private List<EntryState> states;

	@Option(names = "--user", paramLabel = "ID", description = "Only this user's entries.")
	private @Nullable Long userId;

	@Option(names = "--limit", paramLabel = "N", defaultValue = "50",
			description = "Most entries listed (default: ${DEFAULT-VALUE}).")
	private int limit;

	@Override
	public Integer call() throws SQLException {
		if (this.limit < 1) {
			throw new BadUsageException("--limit must be 1 or more");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		try (Connection connection = new Postgres(this.waitlist.ops().settings()).connect()) {
			long[] live = liveEntries(connection);
			out.print(TerminalText.format("%4s %-10s %10s %4s %-8s %-20s %s%n", "POS", "ENTRY", "USER", "QTY",
					"STATE", "JOINED AT", "OFFER"));
			int shown = 0;
			try (PreparedStatement select = connection.prepareStatement(ENTRIES)) {
				select.setLong(1, this.eventId);
				select.setLong(2, this.eventId);
				select.setArray(3, connection.createArrayOf("varchar",
						this.states.stream().map(EntryState::name).toArray()));
				if (this.userId != null) {
					select.setLong(4, this.userId);
					select.setLong(5, this.userId);
				}
				else {
					select.setNull(4, Types.BIGINT);
					select.setNull(5, Types.BIGINT);
				}
				select.setInt(6, this.limit);
				try (ResultSet rows = select.executeQuery()) {
					while (rows.next()) {
						long position = rows.getLong(1);
						out.print(TerminalText.format("%4s %-10d %10d %4d %-8s %-20s %s%n",
								rows.wasNull() ? "-" : Long.toString(position), rows.getLong(2), rows.getLong(3),
								rows.getInt(4), rows.getString(5),
								rows.getObject(6, OffsetDateTime.class).toInstant().truncatedTo(ChronoUnit.SECONDS),
								offer(rows)));
						shown++;
					}
				}
			}
			out.printf("%d waiting (%d seats) and %d offered on event %d; %d shown%n", live[0], live[1], live[2],
					this.eventId, shown);
		}
		out.flush();
		return ExitCodes.DONE;
	}

	private static String offer(ResultSet row) throws SQLException {
		Object booking = row.getObject(7);
		if (booking == null) {
			return "-";
		}
		String status = row.getString(8);
		OffsetDateTime expiresAt = row.getObject(9, OffsetDateTime.class);
		return booking + " " + ((status != null) ? status : "?")
				+ (("HELD".equals(status) && expiresAt != null)
						? " until " + expiresAt.toInstant().truncatedTo(ChronoUnit.SECONDS) : "");
	}

	/** @return the event's WAITING entries, their seats, and its OFFERED entries */
	private long[] liveEntries(Connection connection) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("""
				select count(*) filter (where w.state = 'WAITING'),
				       coalesce(sum(w.quantity) filter (where w.state = 'WAITING'), 0),
				       count(*) filter (where w.state = 'OFFERED'), (select count(*) from events where id = ?)
				from waitlist_entries w where w.event_id = ?""")) {
			select.setLong(1, this.eventId);
			select.setLong(2, this.eventId);
			try (ResultSet row = select.executeQuery()) {
				row.next();
				if (row.getLong(4) == 0) {
					throw new BadUsageException(
							"event " + this.eventId + " does not exist (ops events list shows the events)");
				}
				return new long[] { row.getLong(1), row.getLong(2), row.getLong(3) };
			}
		}
	}

}
