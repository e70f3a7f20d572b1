package io.minitickets.loadtests.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

class FaultRowTests {

	private static final List<Answer> ANSWERS = List.of(new Answer(FaultKind.KAFKA_RESTART, 1, 2, 202, "a"),
			new Answer(FaultKind.KAFKA_RESTART, 1, 1, 202, "b"), new Answer(FaultKind.KAFKA_RESTART, 1, 1, 503, null),
			new Answer(FaultKind.KAFKA_RESTART, 2, 1, 409, null), new Answer(FaultKind.KAFKA_RESTART, 2, 1, 0, null));

	@Test
	void aQuietPhaseIsGreenAndCountsItsAnswers() {
		FaultRow row = FaultRow.of(FaultKind.KAFKA_RESTART, 1, ANSWERS, Duration.ofSeconds(1),
				List.of(new EventFacts(1, 10, 3, 3, 2, 2, 1, null, 7L, 0, 0),
						new EventFacts(2, 10, 0, 0, 0, 0, 0, null, 10L, 0, 0)), Set.of());
		assertThat(row).isEqualTo(new FaultRow("kafka-restart", 1, 5, 5, 2, 2, 0, 0, 0, 0, 0, "0×1 202×2 409×1 503×1"));
		assertThat(row.violations()).isEmpty();
	}

	@Test
	void oversellLostAcceptsDoubleSettlementAndDriftAreViolations() {
		FaultRow row = FaultRow.of(FaultKind.KAFKA_RESTART, 1, ANSWERS, Duration.ofSeconds(1),
				List.of(new EventFacts(1, 10, 10, 12, 9, 9, 1, null, 0L, 0, 0),
						new EventFacts(2, 10, 0, 0, 0, 0, 0, null, null, 1, 0)),
				Set.of("b"));
		assertThat(row.oversold()).isEqualTo(2);
		assertThat(row.lost()).isEqualTo(1);
		assertThat(row.doubleSettled()).isEqualTo(1);
		assertThat(row.drift()).isEqualTo(2 + 9);
		assertThat(row.violations()).hasSize(4);
	}

	@Test
	void countsThe503sTheInFlightLimitShed() {
		List<Answer> answers = List.of(new Answer(FaultKind.KAFKA_RESTART, 1, 1, 503, null, true),
				new Answer(FaultKind.KAFKA_RESTART, 1, 1, 503, null, false),
				new Answer(FaultKind.KAFKA_RESTART, 1, 1, 202, "a", false));
		FaultRow row = FaultRow.of(FaultKind.KAFKA_RESTART, 1, answers, Duration.ofSeconds(2), List.of(), Set.of());
		assertThat(row.statuses()).isEqualTo("202×1 503×2 (1 shed)");
		assertThat(row.requestsPerSecond()).isEqualTo(2);
		assertThat(row.violations()).isEmpty();
	}

	@Test
	void a500IsAViolationANoAnswerOutsideApiKillIsNotedAndA503IsDesigned() {
		List<Answer> answers = List.of(new Answer(FaultKind.POSTGRES_RESTART, 1, 1, 500, null),
				new Answer(FaultKind.POSTGRES_RESTART, 1, 1, 503, null),
				new Answer(FaultKind.POSTGRES_RESTART, 1, 1, 0, null));
		FaultRow row = FaultRow.of(FaultKind.POSTGRES_RESTART, 1, answers, Duration.ZERO, List.of(), Set.of());
		assertThat(row.violations()).containsExactly("postgres-restart: 1 answers with a 5xx other than 503");
		assertThat(FaultRow.unexpected(FaultKind.POSTGRES_RESTART, answers)).containsExactly(
				"postgres-restart: 1 booking request(s) answered not at all");
		assertThat(FaultRow.unexpected(FaultKind.API_KILL,
				List.of(new Answer(FaultKind.API_KILL, 1, 1, 0, null)))).isEmpty();
	}

}
