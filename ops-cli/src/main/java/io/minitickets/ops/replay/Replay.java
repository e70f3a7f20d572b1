package io.minitickets.ops.replay;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import io.minitickets.ops.replay.OffsetRanges.OffsetSpan;
import io.minitickets.ops.replay.ReplayPlan.Action;
import io.minitickets.ops.replay.ReplayPlan.Planned;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.KafkaClients;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.OpsAudit.Settled;
import io.minitickets.ops.system.Postgres;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;

/**
 * Runs one replay: checks the request against Postgres and the broker (every bad input is found before anything is
 * published), reads and plans, prints the plan, and on {@code --execute} publishes, audits, waits for the worker and
 * reports how the bookings settled.
 */
final class Replay {

	/** The longest reading the range may take. */
	private static final Duration READ_TIMEOUT = Duration.ofMinutes(5);

	private final Postgres postgres;

	private final KafkaClients kafka;

	private final PrintWriter out;

	Replay(Postgres postgres, KafkaClients kafka, PrintWriter out) {
		this.postgres = postgres;
		this.kafka = kafka;
		this.out = out;
	}

	/**
	 * @param request the replay
	 * @param sample how many records the plan lists
	 * @return the exit code: 0 done (or dry run), 1 something published did not settle within the wait
	 * @throws BadUsageException when the event, topic, partition or range does not exist
	 * @throws SQLException when Postgres fails
	 */
	int run(ReplayRequest request, int sample) throws SQLException {
		try (Connection connection = this.postgres.connect(); Admin admin = this.kafka.admin()) {
			Long eventId = request.filter().eventId();
			if (eventId != null) {
				requireEvent(connection, eventId);
			}
			Map<TopicPartition, OffsetSpan> spans = OffsetRanges.resolve(admin, request.topic(), request.range());
			TopicReader.Read read;
			try (KafkaConsumer<byte[], byte[]> consumer = this.kafka.reader()) {
				read = TopicReader.read(consumer, spans, request.filter(), READ_TIMEOUT);
			}
			Map<RecordCoordinates, DeadLetterLedger.Entry> ledger = DeadLetterLedger.load(connection,
					read.matching().stream().map(SourceRecord::original).toList());
			List<SourceRecord> matching = read.matching().stream().filter((source) -> {
				DeadLetterLedger.Entry known = ledger.get(source.original());
				return request.filter().matchesFailure(source, (known != null) ? known.exceptionClass() : null);
			}).toList();
			Set<UUID> bookings = bookingIds(matching);
			Set<UUID> finalBefore = BookingOutcomes.of(connection, bookings).keySet();
			ReplayPlan plan = ReplayPlan.of(matching, ledger, finalBefore, request.maxRedrives(), request.max(),
					request.again());
			ReplayReport report = new ReplayReport(this.out);
			report.plan(request, read.records(), plan, finalBefore.size(), bookings.size(), sample);
			if (!request.execute()) {
				return ExitCodes.DONE;
			}
			return execute(connection, admin, request, read.records(), plan, finalBefore, report);
		}
	}

	private int execute(Connection connection, Admin admin, ReplayRequest request, int read, ReplayPlan plan,
			Set<UUID> finalBefore, ReplayReport report) throws SQLException {
		List<Planned> toSend = plan.toSend();
		if (toSend.stream().anyMatch((planned) -> planned.action() == Action.PARK)) {
			ParkedTopic.ensure(admin);
		}
		List<Planned> sent = new ArrayList<>();
		Map<TopicPartition, Long> ends;
		long auditId;
		try (KafkaProducer<byte[], byte[]> producer = this.kafka.producer()) {
			ends = new Republisher(producer, request.ratePerSecond(), this.out).publish(toSend, sent::add);
		}
		finally {
			auditId = recordSent(connection, request, read, plan, sent);
		}
		Instant waitStart = Instant.now();
		boolean caughtUp = WorkerCatchUp.await(admin, ends, request.catchUpWait());
		Duration waited = Duration.between(waitStart, Instant.now());
		List<Planned> published = sent.stream().filter((planned) -> planned.action() == Action.PUBLISH).toList();
		Set<UUID> settleable = new LinkedHashSet<>();
		int unsettleable = 0;
		for (Planned planned : published) {
			BookingRequested booking = planned.source().request();
			if (booking != null && booking.isValid()) {
				settleable.add(booking.bookingId());
			}
			else {
				unsettleable++;
			}
		}
		Settled settled = settle(BookingOutcomes.of(connection, settleable), settleable, finalBefore);
		OpsAudit.settled(connection, auditId, settled);
		ReplayOutcome outcome = new ReplayOutcome(published.size(), sent.size() - published.size(), plan.skipped(),
				settled, unsettleable, caughtUp, waited);
		report.outcome(outcome, auditId);
		return outcome.allSettled() ? ExitCodes.DONE : ExitCodes.CHECK_FAILED;
	}

	private static Settled settle(Map<UUID, String> outcomes, Set<UUID> published, Set<UUID> finalBefore) {
		int confirmed = 0;
		int rejected = 0;
		int duplicates = 0;
		int pending = 0;
		for (UUID bookingId : published) {
			String status = outcomes.get(bookingId);
			if (finalBefore.contains(bookingId)) {
				duplicates++;
			}
			else if (status == null) {
				pending++;
			}
			else if (status.equals("REJECTED")) {
				rejected++;
			}
			else {
				// took its seats: CONFIRMED, or HELD for a paid event (EXPIRED if its hold passed since)
				confirmed++;
			}
		}
		return new Settled(confirmed, duplicates, rejected, pending);
	}

	private long recordSent(Connection connection, ReplayRequest request, int read, ReplayPlan plan,
			List<Planned> sent) throws SQLException {
		boolean deadLetters = request.topic().equals(BookingTopics.REQUESTED_DLT);
		for (Planned planned : sent) {
			if (deadLetters) {
				RecordCoordinates original = planned.source().original();
				DeadLetterLedger.recordRedrive(connection, original, planned.source().exceptionClass(),
						planned.action() == Action.PARK);
			}
		}
		int parked = (int) sent.stream().filter((planned) -> planned.action() == Action.PARK).count();
		return OpsAudit.append(connection, new OpsAudit.Entry(OpsAudit.who(), "replay", request.topic(),
				request.range().describe(), request.filter().describe(), read, plan.records().size(),
				sent.size() - parked, plan.skipped() + (plan.toSend().size() - sent.size()), parked));
	}

	private static Set<UUID> bookingIds(List<SourceRecord> records) {
		Set<UUID> ids = new LinkedHashSet<>();
		records.stream().map(SourceRecord::bookingId).filter(Objects::nonNull).forEach(ids::add);
		return ids;
	}

	private static void requireEvent(Connection connection, long eventId) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("select 1 from events where id = ?")) {
			select.setLong(1, eventId);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					throw new BadUsageException("event " + eventId + " does not exist");
				}
			}
		}
	}

}
