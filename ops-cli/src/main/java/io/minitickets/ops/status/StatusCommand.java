package io.minitickets.ops.status;

import java.io.PrintWriter;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

import io.minitickets.core.backlog.KafkaBacklog;
import io.minitickets.core.backlog.PartitionLag;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.text.TerminalText;
import io.minitickets.ops.OpsCommand;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.KafkaClients;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Valkey;
import org.apache.kafka.clients.admin.Admin;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops status}: is the sale healthy? Per event Postgres's seats beside the gate's counter and leases, and the
 * drift between them; the worker group's lag per partition; dead-letter and parked counts; the services' health.
 */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Shows, per event, capacity, seats sold (held or confirmed, Postgres), the gate's counter, live "
				+ "leases and the drift (capacity - sold - leases - counter); the lag of consumer group booking-worker per "
				+ "partition of bookings.requested; dead-letter and parked counts; the lag and dead letters of "
				+ "groups booking-worker-payments and booking-worker-cancellations; the services' health when "
				+ "their URLs are known (MINITICKETS_OPS_HEALTH_URLS).",
				"Exit codes: 0 all checks pass, 1 a check failed (drift, a service not UP), 2 bad usage." })
public final class StatusCommand implements Callable<Integer> {

	/** The longest wait for each of the broker's answers. */
	private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	@Option(names = "--event", paramLabel = "ID",
			description = "Only this event (default: the latest " + StatusReader.EVENT_LIMIT + " whose sale opened).")
	private @Nullable Long event;

	@Option(names = "--watch", description = "Refresh every --interval until interrupted (Ctrl-C).")
	private boolean watch;

	@Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = Durations.class,
			description = "Time between two refreshes with --watch (default: ${DEFAULT-VALUE}).")
	private Duration interval = Duration.ofSeconds(1);

	@Option(names = "--count", paramLabel = "N",
			description = "With --watch: stop after N refreshes (default: until interrupted).")
	private @Nullable Integer count;

	@Override
	public Integer call() throws Exception {
		if (this.interval.isNegative() || this.interval.isZero() || (this.count != null && this.count < 1)) {
			throw new BadUsageException("--interval must be above 0 and --count 1 or more");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		Postgres postgres = new Postgres(this.ops.settings());
		int refreshes = this.watch ? ((this.count != null) ? this.count : Integer.MAX_VALUE) : 1;
		int exit = ExitCodes.DONE;
		try (Valkey valkey = new Valkey(this.ops.settings()); Admin admin = new KafkaClients(this.ops.settings()).admin()) {
			KafkaBacklog backlog = new KafkaBacklog(admin, ADMIN_TIMEOUT);
			for (int i = 0; i < refreshes && !Thread.currentThread().isInterrupted(); i++) {
				if (i > 0) {
					LockSupport.parkNanos(this.interval.toNanos());
				}
				try (Connection connection = postgres.connect()) {
					exit = print(out, StatusReader.events(connection, valkey, this.event), backlog.lag(),
							backlog.records(BookingTopics.REQUESTED_DLT),
							backlog.records(BookingTopics.REQUESTED_PARKED),
							List.of(GroupBacklog.payments(backlog), GroupBacklog.cancellations(backlog)),
							ServiceHealth.check(this.ops.settings().healthUrls()));
				}
			}
		}
		return exit;
	}

	private int print(PrintWriter out, List<EventRow> events, List<PartitionLag> lag, @Nullable Long deadLetters,
			@Nullable Long parked, List<GroupBacklog> sidePaths, List<ServiceHealth.Row> services) {
		List<String> failed = new ArrayList<>();
		out.printf("ops status at %s%n", Instant.now().truncatedTo(ChronoUnit.SECONDS));
		out.print(TerminalText.format("%-8s %-24s %9s %10s %8s %7s %6s%n", "event", "name", "capacity", "sold",
				"gate", "leases", "drift"));
		for (EventRow row : events) {
			Long drift = row.drift();
			out.print(TerminalText.format("%-8d %-24s %9d %10d %8s %7s %6s%n", row.id(),
					abbreviate(TerminalText.escape(row.name())), row.capacity(), row.confirmed(),
					(row.gate() != null) ? row.gate() : "-", (row.leases() != null) ? row.leases() : "-",
					(drift != null) ? drift : "?"));
			if (drift != null && drift != 0) {
				failed.add("event " + row.id() + " drifts by " + drift + " seats");
			}
		}
		if (events.isEmpty()) {
			out.println("(no event whose sale has opened)");
		}
		long totalLag = lag.stream().mapToLong(PartitionLag::lag).sum();
		out.printf("consumer group %s on %s: lag %d%n", BookingTopics.WORKER_GROUP, BookingTopics.REQUESTED,
				totalLag);
		out.print(TerminalText.format("  %-9s %10s %10s %8s%n", "partition", "log end", "committed", "lag"));
		lag.forEach((partition) -> out.print(TerminalText.format("  %-9d %10d %10s %8d%n", partition.partition(),
				partition.end(), (partition.committed() != null) ? partition.committed() : "-", partition.lag())));
		out.printf("dead letters %s (%s), parked %s (%s)%n", count(deadLetters), BookingTopics.REQUESTED_DLT,
				count(parked), BookingTopics.REQUESTED_PARKED);
		for (GroupBacklog side : sidePaths) {
			out.printf("consumer group %s on %s: lag %s; dead letters %s (%s)%n", side.group(), side.topic(),
					count(side.lag()), count(side.deadLetters()), side.deadLetterTopic());
		}
		for (ServiceHealth.Row service : services) {
			out.print(TerminalText.format("service %-16s %s  %s%n", service.name(), service.state(), service.url()));
			if (!service.up()) {
				failed.add(service.name() + " is " + service.state());
			}
		}
		out.println(failed.isEmpty() ? "checks: ok"
				: "checks failed: " + TerminalText.escape(String.join("; ", failed)));
		out.flush();
		return failed.isEmpty() ? ExitCodes.DONE : ExitCodes.CHECK_FAILED;
	}

	private static String count(@Nullable Long records) {
		return (records != null) ? records.toString() : "- (no topic)";
	}

	private static String abbreviate(String name) {
		return (name.length() <= 24) ? name : name.substring(0, 23) + "…";
	}

}
