package io.minitickets.loadtests.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

class ClusterFaultRowTests {

	private static final Duration LOAD = Duration.ofSeconds(10);

	private static final List<EventFacts> QUIET = List.of(new EventFacts(1, 10, 3, 3, 2, 2, 1, null, 7L, 0, 0));

	@Test
	void countsAnswersByStatusAndByInstance() {
		List<Answer> first = List.of(answer(FaultKind.API_KILL, 202, "a"), answer(FaultKind.API_KILL, 409, null),
				answer(FaultKind.API_KILL, 429, null));
		List<Answer> second = List.of(answer(FaultKind.API_KILL, 202, "b"), answer(FaultKind.API_KILL, 0, null));

		ClusterFaultRow row = ClusterFaultRow.of(FaultKind.API_KILL, 1, List.of(first, second),
				List.of(first.get(0)), QUIET, Set.of(), null, LOAD);

		assertThat(row.victim()).isEqualTo("api-service-2");
		assertThat(row.invariants().requests()).isEqualTo(5);
		assertThat(row.invariants().accepted()).isEqualTo(2);
		assertThat(List.of(row.conflicts(), row.rateLimited(), row.unavailable(), row.other()))
			.containsExactly(1, 1, 0, 1);
		assertThat(row.answeredBy()).containsExactly(3, 1);
		assertThat(row.acceptedDuringOutage()).isEqualTo(1);
		assertThat(row.violations()).isEmpty();
	}

	@Test
	void no202WhileTheVictimWasDownIsAViolation() {
		List<Answer> answers = List.of(answer(FaultKind.KAFKA_RESTART, 202, "a"),
				answer(FaultKind.KAFKA_RESTART, 503, null));

		ClusterFaultRow row = ClusterFaultRow.of(FaultKind.KAFKA_RESTART, 1, List.of(answers, List.of()),
				List.of(answers.get(1)), QUIET, Set.of(), null, LOAD);

		assertThat(row.violations()).containsExactly(
				"kafka-restart round 1: no request sent while kafka-2 was down was answered 202");
	}

	@Test
	void aWorkerKillWithoutHandoverIsAViolationAndASlowOneANote() {
		List<Answer> answers = List.of(answer(FaultKind.WORKER_KILL, 202, "a"));
		List<List<Answer>> byInstance = List.of(answers, List.of());

		ClusterFaultRow none = ClusterFaultRow.of(FaultKind.WORKER_KILL, 1, byInstance, answers, QUIET, Set.of(),
				null, LOAD);
		ClusterFaultRow slow = ClusterFaultRow.of(FaultKind.WORKER_KILL, 1, byInstance, answers, QUIET, Set.of(),
				Duration.ofMillis(12_500), LOAD);
		ClusterFaultRow quick = ClusterFaultRow.of(FaultKind.WORKER_KILL, 1, byInstance, answers, QUIET, Set.of(),
				Duration.ofMillis(7_200), LOAD);

		assertThat(none.violations()).containsExactly(
				"worker-kill round 1: the killed worker's partitions never reached the other worker");
		assertThat(slow.violations()).isEmpty();
		assertThat(slow.notes()).containsExactly("worker-kill round 1: the handover took 12.5 s, above the 10 s target");
		assertThat(quick.handoverSeconds()).isEqualTo(7.2);
		assertThat(quick.notes()).isEmpty();
	}

	private static Answer answer(FaultKind fault, int status, String bookingId) {
		return new Answer(fault, 1, 1, status, bookingId);
	}

}
