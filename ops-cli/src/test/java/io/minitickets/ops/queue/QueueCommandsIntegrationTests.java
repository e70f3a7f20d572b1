package io.minitickets.ops.queue;

import java.time.Duration;
import java.util.UUID;

import io.minitickets.core.waitingroom.WaitingRoomQueue;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops queue status|rate|pause|resume} on real Postgres and Valkey: status reads the room's counts and flags;
 * rate, pause and resume preview by default and change nothing, act with {@code --execute} (one audit row each, none
 * for a no-op), and refuse bad input (exit 2, nothing changed).
 */
class QueueCommandsIntegrationTests extends OpsIntegrationTestSupport {

	private WaitingRoomQueue queue;

	@BeforeEach
	void queue() {
		this.queue = new WaitingRoomQueue(this.valkey, this.keys);
	}

	@Test
	void statusShowsTheRoomsCountsFlagsAndRate() {
		long eventId = eventWithRoom(5);
		for (long user = 1; user <= 3; user++) {
			this.queue.join(eventId, user, UUID.randomUUID(), true);
		}
		this.queue.open(eventId);
		assertThat(this.queue.admit(eventId, 1, Duration.ofMinutes(10)).placeIds()).hasSize(1);

		Run status = ops("queue", "status", Long.toString(eventId), "--over", "200ms");

		assertThat(status.exit()).as(status.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(status.out()).contains("waiting 2", "admitted 1", "admitted/s 0.0 (over 200 ms)", "dropped 0", "paused no",
				"sold out no", "rate fixed 5/s");
		Run noRoom = ops("queue", "status", Long.toString(createEvent(5)));
		assertThat(noRoom.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(noRoom.err()).contains("has no waiting room").doesNotContain("nothing changed");
		Run noEvent = ops("queue", "status", "987654321");
		assertThat(noEvent.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(noEvent.err()).contains("event 987654321 does not exist").doesNotContain("nothing changed");
	}

	@Test
	void rateSetsTheFixedRateOnlyWithExecuteAudited() {
		long eventId = eventWithRoom(5);
		int audited = auditRows();

		Run dryRun = ops("queue", "rate", Long.toString(eventId), "20");

		assertThat(dryRun.exit()).as(dryRun.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(dryRun.out()).contains("would set the admission rate of event " + eventId + " from 5/s to 20/s")
			.contains("Nothing changed");
		assertThat(rate(eventId)).isEqualTo(5);
		assertThat(auditRows()).isEqualTo(audited);

		Run execute = ops("queue", "rate", Long.toString(eventId), "20", "--execute");

		assertThat(execute.exit()).as(execute.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(rate(eventId)).isEqualTo(20);
		assertThat(this.jdbc.queryForObject(
				"select count(*) from ops_audit where command = 'queue rate' and range_spec = ? and filters like ?",
				Integer.class, "event " + eventId, "%5/s -> 20/s%"))
			.isEqualTo(1);

		Run zero = ops("queue", "rate", Long.toString(eventId), "0", "--execute");
		Run noRoom = ops("queue", "rate", Long.toString(createEvent(5)), "10", "--execute");
		assertThat(zero.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(zero.err()).contains("1 to 100000");
		assertThat(noRoom.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(noRoom.err()).contains("has no waiting room").contains("; nothing changed");
		assertThat(rate(eventId)).isEqualTo(20);
		assertThat(auditRows()).isEqualTo(audited + 1);
	}

	@Test
	void pauseStopsAdmissionUntilResumeEachOnlyWithExecuteAudited() {
		long eventId = eventWithRoom(1_000);
		UUID place = this.queue.join(eventId, 1, UUID.randomUUID(), true).placeId();
		this.queue.open(eventId);
		int audited = auditRows();

		Run dryRun = ops("queue", "pause", Long.toString(eventId));
		assertThat(dryRun.exit()).as(dryRun.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(dryRun.out()).contains("would pause").contains("Nothing changed");
		assertThat(this.queue.status(eventId).paused()).isFalse();

		Run pause = ops("queue", "pause", Long.toString(eventId), "--execute");
		assertThat(pause.exit()).as(pause.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(pause.out()).contains("paused admission of event " + eventId);
		assertThat(this.queue.admit(eventId, 1_000, Duration.ofMinutes(10)).halted()).isEqualTo("paused");
		assertThat(ops("queue", "status", Long.toString(eventId), "--over", "0s").out()).contains("paused yes");
		Run again = ops("queue", "pause", Long.toString(eventId), "--execute");
		assertThat(again.exit()).isEqualTo(ExitCodes.DONE);
		assertThat(again.out()).contains("paused already").contains("nothing to do");
		assertThat(auditRows()).isEqualTo(audited + 1);

		assertThat(ops("queue", "resume", Long.toString(eventId)).out()).contains("would resume");
		assertThat(this.queue.status(eventId).paused()).isTrue();
		Run resume = ops("queue", "resume", Long.toString(eventId), "--execute");
		assertThat(resume.exit()).as(resume.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(this.queue.admit(eventId, 1_000, Duration.ofMinutes(10)).placeIds()).containsExactly(place);
		assertThat(this.jdbc.queryForObject(
				"select count(*) from ops_audit where command in ('queue pause', 'queue resume') and range_spec = ?",
				Integer.class, "event " + eventId))
			.isEqualTo(2);
	}

	@Test
	void usageShowsExecuteAndApplyStillActs() {
		long eventId = eventWithRoom(5);

		Run help = ops("queue", "pause", "--help");
		Run rateHelp = ops("queue", "rate", "--help");
		Run applied = ops("queue", "rate", Long.toString(eventId), "7", "--apply");

		assertThat(help.out()).startsWith("Usage: ops queue pause [-hV] [--execute] EVENT\n").doesNotContain("--apply");
		assertThat(rateHelp.out()).contains("[--execute]").doesNotContain("--apply");
		assertThat(applied.exit()).as(applied.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(rate(eventId)).isEqualTo(7);
	}

	private long eventWithRoom(int perSecond) {
		return this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, waiting_room_enabled, admission_mode,
				                    admission_per_second, admitted_for_seconds)
				values ('queued ops test', 10, now(), true, 'fixed', ?, 600) returning id""", Long.class, perSecond);
	}

	private int rate(long eventId) {
		return this.jdbc.queryForObject("select admission_per_second from events where id = ?", Integer.class,
				eventId);
	}

}
