package io.minitickets.ops.hold;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.minitickets.ops.booking.Bookings;
import io.minitickets.ops.booking.FoundBooking;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.ExecuteOption;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Transactions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops holds expire BOOKING}: expires a HELD booking now. A dry run by default: it prints what would happen.
 * With {@code --execute} it moves the hold's {@code hold_expires_at} to now (only while it is HELD) and appends an
 * {@code ops_audit} row in the same transaction, then waits for the worker's expirer, which finds the hold due on its
 * next run (every 200 ms) and expires it as any other: EXPIRED under the event's row lock, its seats to the waiting
 * list first, the rest back to the gate. Its status is never written here: a payment that the worker applies first
 * confirms the booking and the expirer leaves it alone.
 */
@Command(name = "expire", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Expires a HELD booking now: its hold becomes due, and the worker's expirer makes it EXPIRED "
				+ "and offers its seats to the waiting list first, as for any hold that passed unpaid. Previews by "
				+ "default; acts with --execute, audited in ops_audit.",
				"Exit codes: 0 done (or EXPIRED already: nothing to do), 1 the worker did not expire it within --wait "
						+ "(or it was paid first), 2 bad usage or a booking that is not HELD (nothing changed)." })
final class ExpireHoldCommand implements Callable<Integer> {

	@ParentCommand
	private HoldsCommand holds;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "BOOKING", description = "The HELD booking's id (a UUID).")
	private UUID bookingId;

	@Mixin
	private ExecuteOption execute = new ExecuteOption();

	@Option(names = "--wait", paramLabel = "DURATION", defaultValue = "10s", converter = Durations.class,
			description = "How long --execute waits for the worker to expire it (default: ${DEFAULT-VALUE}).")
	private Duration wait;

	@Override
	public Integer call() throws Exception {
		PrintWriter out = this.spec.commandLine().getOut();
		try (Connection connection = new Postgres(this.holds.ops().settings()).connect()) {
			FoundBooking booking = Bookings.require(connection, this.bookingId);
			if ("EXPIRED".equals(booking.status())) {
				out.printf("booking %s is EXPIRED already (since %s): nothing to do%n", this.bookingId,
						booking.endedAt());
				return ExitCodes.DONE;
			}
			if (!booking.held()) {
				throw new BadUsageException("booking " + this.bookingId + " is " + booking.status()
						+ ", not HELD: only a hold expires"
						+ ((booking.paymentId() != null) ? " (a paid booking is refunded: ops bookings refund)" : "")
						+ "; nothing changed");
			}
			if (!this.execute.execute()) {
				out.printf("would expire booking %s: HELD, %d seats of event %d, user %d, hold due at %s; the "
						+ "worker's expirer would make it EXPIRED and offer its seats to the waiting list first. "
						+ "Nothing changed: run again with --execute to do it.%n", this.bookingId, booking.quantity(),
						booking.eventId(), booking.userId(), booking.holdExpiresAt());
				return ExitCodes.DONE;
			}
			long auditId = makeDue(connection, booking);
			if (auditId < 0) {
				return report(out, Bookings.require(connection, this.bookingId));
			}
			out.printf("made the hold of booking %s due now (audit row %d); waiting up to %s for the expirer%n",
					this.bookingId, auditId, this.wait);
			return report(out, Bookings.awaitLeaving(connection, this.bookingId, "HELD", this.wait));
		}
	}

	/**
	 * Moves the hold's expiry to now and audits it, in one transaction.
	 * @return the audit row's id; -1 when the booking was no longer HELD (nothing changed)
	 */
	private long makeDue(Connection connection, FoundBooking booking) throws SQLException {
		return Transactions.inTransaction(connection, (tx) -> {
			try (PreparedStatement update = tx.prepareStatement("""
					update bookings set hold_expires_at = least(hold_expires_at, now())
					where id = ? and status = 'HELD'""")) {
				update.setObject(1, this.bookingId);
				if (update.executeUpdate() == 0) {
					tx.rollback();
					return -1L;
				}
			}
			return OpsAudit.append(tx, new OpsAudit.Entry(OpsAudit.who(), "holds expire", "bookings",
					"booking " + this.bookingId,
					"event " + booking.eventId() + ", hold_expires_at was " + booking.holdExpiresAt(), 1, 1, 0, 0, 0));
		});
	}

	private int report(PrintWriter out, FoundBooking now) {
		switch (now.status()) {
			case "EXPIRED" -> {
				out.printf("booking %s EXPIRED by the worker at %s; its %d seats went to the waiting list first, the "
						+ "rest back on sale%n", this.bookingId, now.endedAt(), now.quantity());
				return ExitCodes.DONE;
			}
			case "HELD" -> {
				out.printf("booking %s is still HELD after %s: no worker expired it (runbook: Holds not expiring); "
						+ "its hold is due, so the next expirer run expires it%n", this.bookingId, this.wait);
				return ExitCodes.CHECK_FAILED;
			}
			default -> {
				out.printf("booking %s became %s before the expirer ran (paid or cancelled first): nothing expired%n",
						this.bookingId, now.status());
				return ExitCodes.CHECK_FAILED;
			}
		}
	}

}
