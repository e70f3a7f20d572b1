package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.bench.http.LoadRun;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AnswerMix}: a CPU or throughput figure is void when more than 1 % of its answers are not its case's outcome
 * (lost requests included), and a void figure misses every bar it is held to.
 */
class AnswerMixTests {

	@Test
	void isNotVoidWithOnePercentOfOtherAnswers() {
		AnswerMix mix = AnswerMix.of(409, run(Map.of(409, 990, 429, 10)));

		assertThat(mix.isVoid()).isFalse();
		assertThat(mix.others()).isEqualTo(10);
	}

	@Test
	void isVoidWithMoreThanOnePercentOfOtherAnswers() {
		AnswerMix mix = AnswerMix.of(409, run(Map.of(409, 989, 429, 11)));

		assertThat(mix.isVoid()).isTrue();
	}

	@Test
	void countsLostRequestsAsOtherAnswers() {
		AnswerMix mix = AnswerMix.of(202, run(Map.of(202, 97, 0, 3)));

		assertThat(mix.isVoid()).isTrue();
		assertThat(mix.describe()).isEqualTo("lost 3.0 %, 202 97.0 % of 100");
	}

	@Test
	void isVoidWithoutAnyAnswer() {
		assertThat(AnswerMix.of(202, run(Map.of())).isVoid()).isTrue();
	}

	@Test
	void addsTheAnswersOfSeveralRuns() {
		AnswerMix mix = AnswerMix.of(409, run(Map.of(409, 500)), run(Map.of(409, 400, 503, 100)));

		assertThat(mix.asMap()).containsExactly(Map.entry(409, 900L), Map.entry(503, 100L));
		assertThat(mix.describe()).isEqualTo("409 90.0 %, 503 10.0 % of 1,000");
	}

	@Test
	void aVoidFigureMissesItsBarsAndSaysWhy() {
		AnswerMix mix = AnswerMix.of(409, run(Map.of(409, 75, 429, 25)));

		Bar judged = mix.judge(Bar.atMost("stampede api-service CPU µs/request", 40, "%.0f", 100));

		assertThat(judged.met()).isFalse();
		assertThat(judged.value()).isEqualTo("40 VOID: 25 of 100 not 409");
		assertThat(mix.judge(Bar.report("stampede p99 ms, closed model", "3.0"))).isEqualTo(
				Bar.report("stampede p99 ms, closed model", "3.0"));
	}

	@Test
	void aFigureThatMeasuredItsCaseKeepsItsBars() {
		Bar bar = Bar.atMost("accepting api-service CPU µs/request", 300, "%.0f", 250);

		assertThat(AnswerMix.of(202, run(Map.of(202, 1000))).judge(bar)).isEqualTo(bar);
	}

	private static LoadRun run(Map<Integer, Integer> answers) {
		int[] statuses = new int[600];
		answers.forEach((status, count) -> statuses[status] = count);
		long total = answers.values().stream().mapToLong(Integer::longValue).sum();
		return new LoadRun(total, total, statuses, new Histogram(3), Duration.ofSeconds(1));
	}

}
