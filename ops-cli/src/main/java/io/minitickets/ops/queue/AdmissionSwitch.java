package io.minitickets.ops.queue;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalLong;

import io.minitickets.core.waitingroom.WaitingRoomQueue;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.OpsSettings;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Transactions;
import io.minitickets.ops.system.Valkey;

/**
 * Pausing or resuming a waiting room's admission: the flag {@code paused} in the room's Valkey meta, which every
 * admission call reads ({@link WaitingRoomQueue#pause}). The audit row is inserted in a transaction committed only once
 * Valkey took the change: a failed write is neither done nor audited; a no-op (paused already, not paused) is not
 * audited.
 */
final class AdmissionSwitch {

	private AdmissionSwitch() {
	}

	/**
	 * @param settings where Postgres and Valkey are
	 * @param out where to print
	 * @param eventId the event
	 * @param pause true to pause, false to resume
	 * @param execute false for a preview
	 * @return the exit code
	 * @throws SQLException when Postgres fails
	 */
	static int run(OpsSettings settings, PrintWriter out, long eventId, boolean pause, boolean execute)
			throws SQLException {
		String verb = pause ? "pause" : "resume";
		try (Connection connection = new Postgres(settings).connect();
				Valkey valkey = new Valkey(settings)) {
			Room room = Room.require(connection, eventId, true);
			boolean paused = valkey.waitingRooms().status(eventId).paused();
			if (paused == pause) {
				out.printf("event %d: admission %s: nothing to do%n", eventId,
						pause ? "paused already" : "not paused");
				return ExitCodes.DONE;
			}
			if (!execute) {
				out.printf("would %s admission of event %d \"%s\" (rate %s)%s. Nothing changed: run again with "
						+ "--execute to do it.%n", verb, eventId, room.name(), room.rate(),
						pause ? "; places keep their order and nobody is admitted until resumed" : "");
				return ExitCodes.DONE;
			}
			OptionalLong audited = Transactions.inTransaction(connection, (tx) -> {
				long auditId = OpsAudit.append(tx, new OpsAudit.Entry(OpsAudit.who(), "queue " + verb, "waiting room",
						"event " + eventId, "meta paused " + (pause ? "set" : "removed"), 1, 1, 0, 0, 0));
				boolean changed = pause ? valkey.waitingRooms().pause(eventId) : valkey.waitingRooms().resume(eventId);
				if (!changed) {
					tx.rollback();
					return OptionalLong.empty();
				}
				return OptionalLong.of(auditId);
			});
			if (audited.isEmpty()) {
				out.printf("event %d: admission %s (by someone else meanwhile): nothing to do%n", eventId,
						pause ? "paused already" : "not paused");
				return ExitCodes.DONE;
			}
			out.printf("%s admission of event %d (audit row %d)%s%n", pause ? "paused" : "resumed", eventId,
					audited.getAsLong(), pause ? "; resume with: ops queue resume " + eventId + " --execute"
							: "; admission goes on at " + room.rate() + " from the next admission call");
			return ExitCodes.DONE;
		}
	}

}
