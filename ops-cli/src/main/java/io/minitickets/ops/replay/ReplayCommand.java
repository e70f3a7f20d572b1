package io.minitickets.ops.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsCommand;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.KafkaClients;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Times;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops replay}: re-publishes records of the dead-letter topic (a redrive) or of {@code bookings.requested}
 * itself into {@code bookings.requested}; the worker's idempotency per booking id makes it safe. A dry run unless
 * {@code --execute}.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Re-publishes records into bookings.requested: a redrive of the dead-letter topic, or a replay "
				+ "of bookings.requested itself. Previews by default (--dry-run); publishes with --execute.",
				"Keeps each record's key (so its partition), strips the dead-letter headers, writes "
						+ "minitickets-original-topic/partition/offset and minitickets-replay-count. A record "
						+ "replayed --max-redrives times already is parked in bookings.requested-parked instead; one "
						+ "whose last redrive did not settle it is skipped unless --again.",
				"After --execute it waits for the worker group to catch up and reports how the bookings settled; "
						+ "every execution is recorded in the ops_audit table.",
				"Exit codes: 0 done, 1 something published did not settle within --wait, 2 bad usage (nothing "
						+ "published)." })
public final class ReplayCommand implements Callable<Integer> {

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	@Option(names = "--topic", paramLabel = "TOPIC", defaultValue = BookingTopics.REQUESTED_DLT,
			description = "Topic to read: ${DEFAULT-VALUE} (dead letters, default), " + BookingTopics.REQUESTED
					+ " (the main topic) or " + BookingTopics.REQUESTED_PARKED + ".")
	private String topic = BookingTopics.REQUESTED_DLT;

	@Option(names = "--partition", paramLabel = "P", description = "Only this partition (default: all).")
	private @Nullable Integer partition;

	@Option(names = "--from-offset", paramLabel = "A",
			description = "First offset to read, inclusive (needs --partition; default: the log start).")
	private @Nullable Long fromOffset;

	@Option(names = "--to-offset", paramLabel = "B",
			description = "Last offset to read, inclusive (needs --partition; default: the last record).")
	private @Nullable Long toOffset;

	@Option(names = "--from", paramLabel = "TIME", converter = Times.class,
			description = "Records written at or after this ISO-8601 time, UTC unless a zone is given "
					+ "(2026-12-01T10:00Z, 2026-12-01T11:00+01:00).")
	private @Nullable Instant from;

	@Option(names = "--to", paramLabel = "TIME", converter = Times.class,
			description = "Records written before this ISO-8601 time (default: now).")
	private @Nullable Instant to;

	@Option(names = "--event", paramLabel = "ID", description = "Only records of this event (the record key).")
	private @Nullable Long event;

	@Option(names = "--booking", paramLabel = "UUID", description = "Only records of this booking id.")
	private @Nullable UUID booking;

	@Option(names = "--exception", paramLabel = "CLASS",
			description = "Dead letters only: only those with this class in their failure's chain "
					+ "(kafka_dlt-exception-fqcn, -cause-fqcn, the Caused by lines of -stacktrace) or recorded by the "
					+ "worker in dead_letters (UnprocessableRecordException), fully qualified or simple name.")
	private @Nullable String exception;

	@Option(names = "--dry-run", description = "Print what would be published; publish nothing (the default).")
	private boolean dryRun;

	@Option(names = "--execute", description = "Publish, record the run in ops_audit, wait for the worker, report.")
	private boolean execute;

	@Option(names = "--rate", paramLabel = "N", defaultValue = "200",
			description = "Most records published per second (default: ${DEFAULT-VALUE}/s).")
	private double rate = 200;

	@Option(names = "--max", paramLabel = "N", description = "Most records published or parked (default: all).")
	private @Nullable Integer max;

	@Option(names = "--max-redrives", paramLabel = "N", defaultValue = "3",
			description = "Replays a record may have had before it is parked instead (default: ${DEFAULT-VALUE}).")
	private int maxRedrives = 3;

	@Option(names = "--again",
			description = "Also redrive the records whose last redrive did not settle them (it failed again, or the "
					+ "worker has not consumed it yet); by default they are skipped and counted.")
	private boolean again;

	@Option(names = "--wait", paramLabel = "DURATION", defaultValue = "2m", converter = Durations.class,
			description = "Longest wait for the worker to catch up after publishing (500ms, 30s, 2m; default: "
					+ "${DEFAULT-VALUE}).")
	private Duration wait = Duration.ofMinutes(2);

	@Option(names = "--sample", paramLabel = "N", defaultValue = "5",
			description = "Records listed in the preview (default: ${DEFAULT-VALUE}).")
	private int sample = 5;

	@Override
	public Integer call() throws Exception {
		ReplayRequest request = request();
		request.range().validate(Instant.now());
		return new Replay(new Postgres(this.ops.settings()), new KafkaClients(this.ops.settings()),
				this.spec.commandLine().getOut())
			.run(request, this.sample);
	}

	private ReplayRequest request() {
		if (this.dryRun && this.execute) {
			throw new BadUsageException("--dry-run and --execute exclude each other");
		}
		if (this.exception != null && !this.topic.equals(BookingTopics.REQUESTED_DLT)) {
			throw new BadUsageException("--exception filters dead letters: it needs --topic " + BookingTopics.REQUESTED_DLT);
		}
		if (this.topic.equals(BookingTopics.SETTLED)) {
			throw new BadUsageException(BookingTopics.SETTLED + " holds outcomes, not requests: nothing to replay");
		}
		if (!(this.rate > 0)) {
			throw new BadUsageException("--rate must be above 0 records per second");
		}
		if (this.max != null && this.max < 1) {
			throw new BadUsageException("--max must be 1 or more");
		}
		if (this.maxRedrives < 1) {
			throw new BadUsageException("--max-redrives must be 1 or more");
		}
		if (this.wait.isNegative()) {
			throw new BadUsageException("--wait must not be negative");
		}
		if (this.sample < 0) {
			throw new BadUsageException("--sample must not be negative");
		}
		return new ReplayRequest(this.topic,
				new RangeRequest(this.partition, this.fromOffset, this.toOffset, this.from, this.to),
				new ReplayFilter(this.event, this.booking, this.exception), this.execute, this.rate, this.max,
				this.maxRedrives, this.wait, this.again);
	}

}
