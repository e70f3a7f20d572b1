package io.minitickets.loadtests.bench.waitingroom;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.minitickets.loadtests.bench.AnswerMix;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.Bookings;
import io.minitickets.loadtests.bench.Saturation;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.stack.StackException;

/**
 * api-service's CPU ({@code /proc}) per position answer against a sold-out 409's, in the same run and driven alike
 * (the bench's load generator at saturation, warm-up rounds until the CPU per answer settles, then the measured
 * window): {@code places} customers wait in an open event's room admitting {@value #TRICKLE} a second, each asking its
 * position round robin as fast as the machine answers; then a sold-out event is booked by as many customers (each
 * user's bucket of 10 a second is far from drained). The answers are kept by status: a figure with over 1 % of other
 * answers is void ({@link AnswerMix}).
 */
final class AnswerCost {

	/** The room's fixed rate: the line moves, as in a sale, without emptying. */
	static final int TRICKLE = 1;

	private AnswerCost() {
	}

	/**
	 * @param context the run
	 * @param users one account per waiting customer; also the sold-out event's bookers
	 * @return what was measured
	 * @throws StackException when a join is refused or the sold-out event cannot be sold out
	 */
	static Result measure(BenchContext context, List<LoadUser> users) {
		BenchStack stack = context.stack();
		long eventId = stack.createWaitingRoomEvent(WaitingRoomFigure.NAME + " positions", users.size(),
				Instant.now().minusSeconds(60), Map.of("enabled", true,
						"admission", Map.of("mode", "fixed", "perSecond", TRICKLE), "admittedForSeconds", 600));
		Places places = new Places(stack.api(), eventId);
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
			context.progress("%s: %,d customers join the line...", WaitingRoomFigure.NAME, users.size());
			List<Places.Answer> joins = places.join(generator, users, 1);
			if (joins.stream().anyMatch((answer) -> !answer.isPlace())) {
				throw new StackException(WaitingRoomFigure.NAME + ": a join of the positions room was refused (answers "
						+ Places.statuses(joins) + ")");
			}
			Positions positions = new Positions(places, users, joins.stream().map(Places.Answer::placeId).toList());
			Saturation asking = Saturation.measure(context, WaitingRoomFigure.NAME + " positions", generator,
					positions, stack.apiCpu());
			long soldOut = stack.createEvent(WaitingRoomFigure.NAME + " sold out", 1);
			stack.sellOut(soldOut, users.getFirst());
			Saturation booking = Saturation.measure(context, WaitingRoomFigure.NAME + " sold out", generator,
					new Bookings(stack.api(), soldOut, users.subList(1, users.size())), stack.apiCpu());
			AnswerMix positionAnswers = AnswerMix.of(200, asking.run());
			AnswerMix soldOutAnswers = AnswerMix.of(409, booking.run());
			context.progress("%s: position answers %s, %.0f µs each; sold-out answers %s, %.0f µs each",
					WaitingRoomFigure.NAME, positionAnswers.describe(), asking.cpuMicrosPerRequest(),
					soldOutAnswers.describe(), booking.cpuMicrosPerRequest());
			return new Result(users.size(), asking.cpuMicrosPerRequest(), asking.run().requestsPerSecond(),
					positionAnswers, booking.cpuMicrosPerRequest(), booking.run().requestsPerSecond(), soldOutAnswers);
		}
	}


	/**
	 * CPU per answer, both ways.
	 *
	 * @param waiting customers waiting, each with a place
	 * @param positionCpuMicros api-service's CPU per position answer, µs
	 * @param positionsPerSecond position answers a second at saturation
	 * @param positionAnswers the position window's answers by HTTP status
	 * @param soldOutCpuMicros api-service's CPU per sold-out booking answer, µs
	 * @param soldOutPerSecond sold-out answers a second at saturation
	 * @param soldOutAnswers the sold-out window's answers by HTTP status
	 */
	record Result(int waiting, double positionCpuMicros, double positionsPerSecond, AnswerMix positionAnswers,
			double soldOutCpuMicros, double soldOutPerSecond, AnswerMix soldOutAnswers) {
	}

}
