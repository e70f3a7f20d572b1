package io.minitickets.ops.reconcile;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.minitickets.core.inventory.GateSnapshot;
import io.minitickets.core.reconcile.EventReconciler;
import io.minitickets.core.reconcile.ExpiredLeaseRejections;
import io.minitickets.core.reconcile.InventoryTruths;
import io.minitickets.core.text.TerminalText;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.ops.OpsCommand;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Valkey;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionOperations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops reconcile}: reconciles the inventory gate with Postgres now, with the reconciler's own per-event logic
 * (booking-core's {@link EventReconciler}: expired leases, orphaned leases, then the counter's compare-and-set), and
 * prints per event the gate's view before, Postgres's view and the repairs made. Each event is reconciled while its
 * {@code inventory_reconciliation} row is locked, so a running reconciler never repairs it at the same time. Appends
 * one {@code ops_audit} row.
 */
@Command(name = "reconcile", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Runs one reconcile pass now: per event the gate's counter and live leases (Valkey), capacity "
				+ "and seats confirmed (Postgres), and the repair made (missing-counter, drift, orphaned-lease, "
				+ "expired-lease or none). The same repairs as the reconciler's; safe beside a running reconciler.",
				"Exit codes: 0 done, 1 an event's reconcile failed or raced with a settle (run again), 2 bad usage." })
public final class ReconcileCommand implements Callable<Integer> {

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	@Option(names = "--event", paramLabel = "ID",
			description = "Only this event (default: every event whose sale has opened).")
	private @Nullable Long eventId;

	@Option(names = "--expired-leases", paramLabel = "N", defaultValue = "500",
			description = "The most expired leases settled per event (default: ${DEFAULT-VALUE}, as the reconciler).")
	private int expiredLeasesPerEvent;

	@Override
	public Integer call() throws SQLException {
		if (this.expiredLeasesPerEvent < 1) {
			throw new BadUsageException("--expired-leases must be at least 1, was " + this.expiredLeasesPerEvent);
		}
		PrintWriter out = this.spec.commandLine().getOut();
		try (Connection connection = new Postgres(this.ops.settings()).connect();
				Connection ownCommits = new Postgres(this.ops.settings()).connect();
				Valkey valkey = new Valkey(this.ops.settings())) {
			List<Long> events = events(connection);
			// the rejections of expired leases' bookings commit at once, on a connection in auto-commit, before the gate
			// gives the seats back: not in the event's transaction, which a later step's failure rolls back
			EventReconciler reconciler = new EventReconciler(valkey.gate(),
					new InventoryTruths(JdbcClient.create(new SingleConnectionDataSource(connection, true)),
							valkey.gate().returnWindow()),
					new ExpiredLeaseRejections(JdbcClient.create(new SingleConnectionDataSource(ownCommits, true)),
							TransactionOperations.withoutTransaction()),
					this.expiredLeasesPerEvent, Duration.ZERO);
			out.printf("ops reconcile at %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS));
			out.print(TerminalText.format("%-8s %-10s %-16s %-10s %-10s %s%n", "EVENT", "COUNTER", "LEASES",
					"CAPACITY", "CONFIRMED", "REPAIR"));
			List<ReconciledEvent> reconciled = new ArrayList<>();
			for (long id : events) {
				ReconciledEvent event = reconcile(connection, valkey, reconciler, id);
				reconciled.add(event);
				print(out, event);
			}
			long repaired = reconciled.stream().filter(ReconciledEvent::repaired).count();
			long notDone = reconciled.stream().filter((event) -> !event.done()).count();
			long auditId = OpsAudit.append(connection, new OpsAudit.Entry(OpsAudit.who(), "reconcile",
					"inventory gate", (this.eventId != null) ? "event " + this.eventId : "events whose sale opened",
					"", reconciled.size(), (int) repaired, 0, (int) notDone, 0));
			out.printf("%d events checked, %d repaired, %d not finished; audit row %d%n", reconciled.size(), repaired,
					notDone, auditId);
			return (notDone == 0) ? ExitCodes.DONE : ExitCodes.CHECK_FAILED;
		}
	}

	private List<Long> events(Connection connection) throws SQLException {
		String sql = (this.eventId != null) ? "select id from events where id = ?"
				: "select id from events where sale_opens_at <= now() order by id";
		List<Long> ids = new ArrayList<>();
		try (PreparedStatement select = connection.prepareStatement(sql)) {
			if (this.eventId != null) {
				select.setLong(1, this.eventId);
			}
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					ids.add(result.getLong(1));
				}
			}
		}
		if (this.eventId != null && ids.isEmpty()) {
			throw new BadUsageException("event " + this.eventId + " does not exist (ops events list shows the events)");
		}
		return ids;
	}

	/** Reconciles one event in a transaction that holds its reconciler row, as a reconciler pass would. */
	private static ReconciledEvent reconcile(Connection connection, Valkey valkey, EventReconciler reconciler,
			long eventId) throws SQLException {
		GateSnapshot before = valkey.gate().snapshot(eventId);
		OptionalLong counter = valkey.gate().available(eventId);
		Map<UUID, Integer> leases = before.leases();
		int leasedSeats = leases.values().stream().mapToInt(Integer::intValue).sum();
		Long counterBefore = counter.isPresent() ? counter.getAsLong() : null;
		connection.setAutoCommit(false);
		try {
			lockReconcilerRow(connection, eventId);
			var reconcile = reconciler.reconcile(eventId);
			connection.commit();
			return new ReconciledEvent(eventId, counterBefore, leases.size(), leasedSeats, reconcile, null);
		}
		catch (ValkeyUnavailableException | DataAccessException ex) {
			connection.rollback();
			return new ReconciledEvent(eventId, counterBefore, leases.size(), leasedSeats, null, ex.getMessage());
		}
		finally {
			connection.setAutoCommit(true);
		}
	}

	private static void lockReconcilerRow(Connection connection, long eventId) throws SQLException {
		try (PreparedStatement lock = connection
			.prepareStatement("select 1 from inventory_reconciliation where event_id = ? for update")) {
			lock.setLong(1, eventId);
			lock.executeQuery().close();
		}
	}

	private static void print(PrintWriter out, ReconciledEvent event) {
		var reconcile = event.reconcile();
		out.print(TerminalText.format("%-8d %-10s %-16s %-10s %-10s %s%n", event.id(),
				(event.counter() != null) ? event.counter() : "missing",
				event.leases() + " (" + event.leasedSeats() + " seats)",
				(reconcile != null) ? Long.toString(reconcile.truth().capacity()) : "?",
				(reconcile != null) ? Long.toString(reconcile.truth().confirmed()) : "?", event.repairs()));
	}

}
