package io.minitickets.ops.hold;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops holds list --event ID}: an event's HELD bookings, soonest expiry first, with their payment state.
 */
@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Lists an event's open holds, soonest expiry first: booking id, user, seats, holdExpiresAt, "
				+ "seconds left (negative: due, the expirer is late), payment state as the booking's status shows it "
				+ "(NONE, PENDING_CHECKOUT: its checkout was opened; ?: Valkey did not answer), payments the "
				+ "provider declined (the hold runs on) and whether it is a waiting-list offer.",
				"Exit codes: 0 done, 2 bad usage (an unknown event)." })
final class ListHoldsCommand implements Callable<Integer> {

	private static final String HOLDS = """
			select b.id, b.user_id, b.quantity, b.hold_expires_at,
			       (select count(*) from payments p where p.booking_id = b.id and p.kind = 'FAILED') as declined,
			       exists (select 1 from waitlist_entries w where w.offer_booking_id = b.id) as offer
			from bookings b
			where b.event_id = ? and b.status = 'HELD' and (?::bigint is null or b.user_id = ?)
			  and (?::timestamptz is null or b.hold_expires_at <= ?)
			order by b.hold_expires_at, b.id limit ?""";

	@ParentCommand
	private HoldsCommand holds;

	@Spec
	private CommandSpec spec;

	@Option(names = "--event", required = true, paramLabel = "ID", description = "The event.")
	private long eventId;

	@Option(names = "--user", paramLabel = "ID", description = "Only this user's holds.")
	private @Nullable Long userId;

	@Option(names = "--due-within", paramLabel = "DURATION", converter = Durations.class,
			description = "Only holds that expire within this time from now (30s, 5m; 0s: those already due).")
	private @Nullable Duration dueWithin;

	@Option(names = "--limit", paramLabel = "N", defaultValue = "50",
			description = "Most holds listed (default: ${DEFAULT-VALUE}).")
	private int limit;

	@Override
	public Integer call() throws SQLException {
		if (this.limit < 1) {
			throw new BadUsageException("--limit must be 1 or more");
		}
		if (this.dueWithin != null && this.dueWithin.isNegative()) {
			throw new BadUsageException("--due-within must not be negative");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		Instant now = Instant.now();
		try (Connection connection = new Postgres(this.holds.ops().settings()).connect()) {
			long[] open = openHolds(connection);
			List<Hold> page = holds(connection, now);
			Map<UUID, Boolean> checkouts;
			try (CheckoutMarks marks = new CheckoutMarks(this.holds.ops().settings())) {
				checkouts = marks.opened(page.stream().map(Hold::bookingId).toList());
			}
			out.print(TerminalText.format("%-36s %10s %5s %-20s %8s %-16s %8s %s%n", "BOOKING", "USER", "SEATS",
					"HOLD EXPIRES AT", "LEFT (s)", "PAYMENT", "DECLINED", "OFFER"));
			for (Hold hold : page) {
				Boolean checkout = checkouts.get(hold.bookingId());
				out.print(TerminalText.format("%-36s %10d %5d %-20s %8d %-16s %8d %s%n", hold.bookingId(),
						hold.userId(), hold.seats(), hold.expiresAt().truncatedTo(ChronoUnit.SECONDS),
						Duration.between(now, hold.expiresAt()).toSeconds(),
						(checkout == null) ? "?" : checkout ? "PENDING_CHECKOUT" : "NONE", hold.declined(),
						hold.offer() ? "yes" : "no"));
			}
			int shown = page.size();
			out.printf("%d holds open on event %d (%d seats); %d shown%n", open[0], this.eventId, open[1], shown);
		}
		out.flush();
		return ExitCodes.DONE;
	}

	private List<Hold> holds(Connection connection, Instant now) throws SQLException {
		List<Hold> page = new ArrayList<>();
		try (PreparedStatement select = connection.prepareStatement(HOLDS)) {
			select.setLong(1, this.eventId);
			setNullable(select, 2, this.userId);
			setNullable(select, 3, this.userId);
			OffsetDateTime until = (this.dueWithin != null) ? now.plus(this.dueWithin).atOffset(ZoneOffset.UTC) : null;
			select.setObject(4, until, Types.TIMESTAMP_WITH_TIMEZONE);
			select.setObject(5, until, Types.TIMESTAMP_WITH_TIMEZONE);
			select.setInt(6, this.limit);
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					page.add(new Hold(rows.getObject(1, UUID.class), rows.getLong(2), rows.getInt(3),
							rows.getObject(4, OffsetDateTime.class).toInstant(), rows.getLong(5), rows.getBoolean(6)));
				}
			}
		}
		return page;
	}

	/** @return the event's HELD bookings and their seats */
	private long[] openHolds(Connection connection) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("""
				select (select count(*) from bookings where event_id = e.id and status = 'HELD'),
				       (select coalesce(sum(quantity), 0) from bookings where event_id = e.id and status = 'HELD')
				from events e where e.id = ?""")) {
			select.setLong(1, this.eventId);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					throw new BadUsageException(
							"event " + this.eventId + " does not exist (ops events list shows the events)");
				}
				return new long[] { row.getLong(1), row.getLong(2) };
			}
		}
	}

	private record Hold(UUID bookingId, long userId, int seats, Instant expiresAt, long declined, boolean offer) {
	}

	private static void setNullable(PreparedStatement statement, int index, @Nullable Long value)
			throws SQLException {
		if (value != null) {
			statement.setLong(index, value);
		}
		else {
			statement.setNull(index, Types.BIGINT);
		}
	}

}
