package io.minitickets.ops.replay;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bad input of {@code ops replay --execute} is refused with a clear message and exit code 2, and nothing is
 * published, parked or audited.
 */
class BadReplayInputPublishesNothingIntegrationTests extends OpsIntegrationTestSupport {

	static Stream<Arguments> badInputs() {
		String future = Instant.now().plus(1, ChronoUnit.HOURS).toString();
		return Stream.of(Arguments.of("an unknown event", new String[] { "--event", "987654321" }, "event 987654321 does not exist"),
				Arguments.of("an offset range past the log end",
						new String[] { "--topic", BookingTopics.REQUESTED, "--partition", "0", "--from-offset", "0",
								"--to-offset", "99999999" },
						"outside the log of bookings.requested-0"),
				Arguments.of("a time window in the future", new String[] { "--from", future },
						"the time window starts in the future"),
				Arguments.of("a topic that does not exist", new String[] { "--topic", "bookings.no-such-topic" },
						"topic bookings.no-such-topic does not exist"),
				Arguments.of("a partition that does not exist", new String[] { "--partition", "7" }, "has no partition 7"),
				Arguments.of("offsets without a partition", new String[] { "--from-offset", "0" },
						"--from-offset and --to-offset need --partition"),
				Arguments.of("an exception filter on the main topic",
						new String[] { "--topic", BookingTopics.REQUESTED, "--exception", "X" },
						"--exception filters dead letters"),
				Arguments.of("a window that ends before it starts",
						new String[] { "--from", "2026-01-02T00:00Z", "--to", "2026-01-01T00:00Z" }, "is not before"),
				Arguments.of("a time that is not ISO-8601", new String[] { "--from", "yesterday" },
						"is not an ISO-8601 date-time"),
				Arguments.of("both --dry-run and --execute", new String[] { "--dry-run" },
						"--dry-run and --execute exclude each other"),
				Arguments.of("a negative sample", new String[] { "--sample", "-1" }, "ops: --sample must not be negative"),
				Arguments.of("a negative wait", new String[] { "--wait", "PT-1S" }, "--wait must not be negative"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badInputs")
	void isRefusedWithExitCodeTwoAndPublishesNothing(String description, String[] options, String message) {
		var requestedBefore = endOffsets(BookingTopics.REQUESTED);
		var parkedBefore = endOffsets(BookingTopics.REQUESTED_PARKED);
		int auditBefore = auditRows();
		String[] args = Stream.concat(Stream.of("replay", "--execute"), Stream.of(options)).toArray(String[]::new);

		Run run = ops(args);

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).contains(message);
		assertThat(endOffsets(BookingTopics.REQUESTED)).isEqualTo(requestedBefore);
		assertThat(endOffsets(BookingTopics.REQUESTED_PARKED)).isEqualTo(parkedBefore);
		assertThat(auditRows()).isEqualTo(auditBefore);
	}

}
