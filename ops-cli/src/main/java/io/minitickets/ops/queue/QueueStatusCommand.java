package io.minitickets.ops.queue;

import java.io.PrintWriter;
import java.sql.Connection;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.minitickets.core.waitingroom.RoomStatus;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Valkey;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops queue status EVENT}: the room's configuration (Postgres) and its state (Valkey): places waiting, admitted so
 * far, admitted a second (the admitted count read twice, {@code --over} apart), dropped as abandoned, paused by an
 * operator, sold out by the gate, and the rate. Reads only.
 */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Shows an event's waiting room: waiting, admitted, admitted/s, dropped, paused, sold out, rate.",
				"Exit codes: 0 shown, 1 Postgres or Valkey failed, 2 no such event or it has no waiting room." })
final class QueueStatusCommand implements Callable<Integer> {

	@ParentCommand
	private QueueCommand queue;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "EVENT", description = "The event.")
	private long eventId;

	@Option(names = "--over", paramLabel = "DURATION", defaultValue = "1s", converter = Durations.class,
			description = "How long admitted/s is measured over (default: ${DEFAULT-VALUE}; 0s: not measured).")
	private Duration over;

	@Override
	public Integer call() throws Exception {
		PrintWriter out = this.spec.commandLine().getOut();
		Room room;
		try (Connection connection = new Postgres(this.queue.ops().settings()).connect()) {
			room = Room.require(connection, this.eventId, false);
		}
		try (Valkey valkey = new Valkey(this.queue.ops().settings())) {
			RoomStatus first = valkey.waitingRooms().status(this.eventId);
			RoomStatus status = first;
			String perSecond = "not measured";
			if (!this.over.isZero()) {
				Thread.sleep(this.over);
				status = valkey.waitingRooms().status(this.eventId);
				perSecond = String.format(Locale.ROOT, "%.1f", (status.admitted() - first.admitted()) * 1000.0
						/ this.over.toMillis());
			}
			out.printf("event %d \"%s\": waiting room %s, admitted for %d s%n", this.eventId, room.name(),
					room.enabled() ? "enabled" : "disabled (bookings need no admission)", room.admittedForSeconds());
			out.printf("waiting %d, admitted %d, admitted/s %s (over %s), dropped %d, paused %s, sold out %s, rate %s%n",
					status.waiting(), status.admitted(), perSecond, printed(this.over), status.dropped(),
					yesNo(status.paused()),
					yesNo(status.soldOut()), room.rate());
		}
		return ExitCodes.DONE;
	}

	private static String printed(Duration duration) {
		long millis = duration.toMillis();
		return (millis % 1000 == 0) ? (millis / 1000) + " s" : millis + " ms";
	}

	private static String yesNo(boolean flag) {
		return flag ? "yes" : "no";
	}

}
