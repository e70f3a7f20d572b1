package io.minitickets.ops.replay;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.ReplayHeaders;
import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import io.minitickets.ops.replay.ReplayPlan.Action;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayPlanTests {

	private static final RecordCoordinates ORIGINAL = new RecordCoordinates(BookingTopics.REQUESTED, 0, 7);

	@Test
	void replaysTheLastCopyOfEachOriginalOnceAndCountsTheReplay() {
		ReplayPlan plan = ReplayPlan.of(List.of(copy(10, 0), copy(11, 1), record(12)), Map.of(), Set.of(), 3, null,
				false);

		assertThat(plan.records()).extracting(ReplayPlan.Planned::action)
			.containsExactly(Action.SKIP_COPY, Action.PUBLISH, Action.PUBLISH);
		assertThat(plan.records().get(1).replayCount()).isEqualTo(2);
		assertThat(plan.records().get(2).replayCount()).isEqualTo(1);
	}

	@Test
	void parksARecordReplayedTooOftenByItsHeaderOrByTheDeadLetterLedger() {
		assertThat(ReplayPlan.of(List.of(copy(10, 3)), Map.of(), Set.of(), 3, null, false).records())
			.extracting(ReplayPlan.Planned::action)
			.containsExactly(Action.PARK);
		DeadLetterLedger.Entry redrivenThrice = new DeadLetterLedger.Entry(3, false, null);
		DeadLetterLedger.Entry parked = new DeadLetterLedger.Entry(1, true, null);
		assertThat(ReplayPlan.of(List.of(copy(10, 0)), Map.of(ORIGINAL, redrivenThrice), Set.of(), 3, null, true)
			.records())
			.extracting(ReplayPlan.Planned::action)
			.containsExactly(Action.PARK);
		assertThat(ReplayPlan.of(List.of(copy(10, 0)), Map.of(ORIGINAL, parked), Set.of(), 3, null, true).records())
			.extracting(ReplayPlan.Planned::action)
			.containsExactly(Action.SKIP_PARKED);
	}

	@Test
	void skipsARecordWhoseLastRedriveDidNotSettleItUnlessAgain() {
		DeadLetterLedger.Entry redrivenOnce = new DeadLetterLedger.Entry(1, false, null);
		SourceRecord poison = copy(10, 0);

		ReplayPlan byDefault = ReplayPlan.of(List.of(poison), Map.of(ORIGINAL, redrivenOnce), Set.of(), 3, null, false);
		ReplayPlan again = ReplayPlan.of(List.of(poison), Map.of(ORIGINAL, redrivenOnce), Set.of(), 3, null, true);

		assertThat(byDefault.records()).extracting(ReplayPlan.Planned::action).containsExactly(Action.SKIP_UNSETTLED);
		assertThat(byDefault.skipped()).isEqualTo(1);
		assertThat(byDefault.toSend()).isEmpty();
		assertThat(again.records()).extracting(ReplayPlan.Planned::action).containsExactly(Action.PUBLISH);
	}

	@Test
	void sendsNoMoreThanMax() {
		ReplayPlan plan = ReplayPlan.of(List.of(record(1), record(2), record(3)), Map.of(), Set.of(), 3, 2, false);

		assertThat(plan.records()).extracting(ReplayPlan.Planned::action)
			.containsExactly(Action.PUBLISH, Action.PUBLISH, Action.SKIP_OVER_MAX);
		assertThat(plan.toSend()).hasSize(2);
		assertThat(plan.skipped()).isEqualTo(1);
	}

	private static SourceRecord copy(long offset, int replays) {
		ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>(BookingTopics.REQUESTED, 0, offset,
				"1".getBytes(StandardCharsets.UTF_8), "x".getBytes(StandardCharsets.UTF_8));
		record.headers()
			.add(ReplayHeaders.ORIGINAL_TOPIC, ORIGINAL.topic().getBytes(StandardCharsets.UTF_8))
			.add(ReplayHeaders.ORIGINAL_PARTITION, "0".getBytes(StandardCharsets.UTF_8))
			.add(ReplayHeaders.ORIGINAL_OFFSET, "7".getBytes(StandardCharsets.UTF_8))
			.add(ReplayHeaders.REPLAY_COUNT, Integer.toString(replays).getBytes(StandardCharsets.UTF_8));
		return SourceRecord.of(record);
	}

	private static SourceRecord record(long offset) {
		return SourceRecord.of(new ConsumerRecord<>(BookingTopics.REQUESTED, 1, offset,
				"1".getBytes(StandardCharsets.UTF_8), "x".getBytes(StandardCharsets.UTF_8)));
	}

}
