package io.minitickets.loadtests.bench;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The big sale's rule for "every 202 final ≤ 5 s": the clock starts at the last 202 (not at the last answer of any
 * kind: the cheap 409s of a sold-out sale come long after it) and stops at the last booking's {@code settled_at} (not
 * when the generator, done with those 409s, reads Postgres), and a wait that timed out is a breach, never a pass.
 */
class BigSaleFigureTests {

	@Test
	void startsTheClockAtTheLastAcceptedAnswerNotAtTheLastAnswer() {
		AtomicLong nanos = new AtomicLong(1_000);
		BigSaleFigure.Answers answers = new BigSaleFigure.Answers(nanos::get);

		nanos.set(2_000);
		answers.answered(0, 202, accepted("0b6b1f2e-6f1d-4b5e-9d3c-2f3b1c0d9e8a"));
		nanos.set(3_000);
		answers.answered(1, 409, null);
		answers.answered(2, 429, null);

		assertThat(answers.lastAcceptedAt()).isEqualTo(2_000);
	}

	@Test
	void aWaitThatTimedOutMissesTheBarAndIsABreach() {
		Bar bar = BigSaleFigure.settledBar(BigSaleFigure.NOT_SETTLED);

		assertThat(bar.met()).isFalse();
		assertThat(bar.value()).contains("not within 120 s");
		assertThat(BigSaleFigure.settleBreaches(BigSaleFigure.NOT_SETTLED)).singleElement()
			.asString()
			.contains("not final within 120 s");
	}

	@Test
	void aWaitWithinTheBarPassesWithoutABreach() {
		assertThat(BigSaleFigure.settledBar(4_999).met()).isTrue();
		assertThat(BigSaleFigure.settledBar(5_001).met()).isFalse();
		assertThat(BigSaleFigure.settleBreaches(4_999)).isEmpty();
	}

	@Test
	void timesTheSettleByTheLastSettledAtNotByWhenTheLoadEnded() {
		long lastAcceptedAt = Instant.parse("2026-12-03T07:45:00.000Z").toEpochMilli();
		Instant lastSettledAt = Instant.parse("2026-12-03T07:45:00.640Z");

		assertThat(BigSaleFigure.settledAfterMs(true, () -> lastSettledAt, lastAcceptedAt)).isEqualTo(640);
	}

	@Test
	void aSettleStampedBeforeTheGeneratorReadItsLast202CountsAsAtOnce() {
		long lastAcceptedAt = Instant.parse("2026-12-03T07:45:00.010Z").toEpochMilli();

		assertThat(BigSaleFigure.settledAfterMs(true, () -> Instant.parse("2026-12-03T07:45:00.004Z"), lastAcceptedAt))
			.isZero();
	}

	@Test
	void aWaitThatTimedOutIsNotSettledWhateverPostgresHolds() {
		assertThat(BigSaleFigure.settledAfterMs(false, () -> Instant.EPOCH, 0)).isEqualTo(BigSaleFigure.NOT_SETTLED);
	}

	private static DefaultFullHttpResponse accepted(String bookingId) {
		return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.ACCEPTED,
				Unpooled.copiedBuffer("{\"bookingId\":\"" + bookingId + "\",\"status\":\"PENDING\"}",
						StandardCharsets.UTF_8));
	}

}
