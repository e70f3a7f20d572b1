package io.minitickets.loadtests.bench.waitingroom;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.minitickets.core.waitingroom.RoomStatus;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * The fixed admission rate over a window, on an open event whose room admits {@code perSecond}: enough places join
 * that the line never empties during the window, and their owners keep asking their position (two connections,
 * round robin, so that no place is dropped as abandoned); the room's admitted count (Valkey, as
 * {@code ops queue status} reads it) is read when the window starts, {@value #SETTLE_SECONDS} s after the joins, and
 * when it ends.
 */
final class FixedRate {

	/** Seconds between the last join and the window: the first admission call's one second of credit is spent. */
	static final int SETTLE_SECONDS = 3;

	/** Places beyond the window's admissions: those admitted during the joins and the settling, and a margin. */
	private static final int SPARE_SECONDS = 40;

	private static final int KEEPERS = 2;

	private FixedRate() {
	}

	/**
	 * @param context the run
	 * @param room the stack's Valkey, to read the room
	 * @param users accounts to join with (as many as {@code perSecond × (window + 40 s)} are used, if there are)
	 * @param perSecond the room's fixed rate
	 * @param window how long the admissions are counted
	 * @return what was measured
	 * @throws StackException when a join is refused
	 */
	static Result measure(BenchContext context, Room room, List<LoadUser> users, int perSecond, Duration window) {
		BenchStack stack = context.stack();
		int count = (int) Math.min(users.size(), (long) perSecond * (window.toSeconds() + SPARE_SECONDS));
		List<LoadUser> owners = users.subList(0, count);
		long eventId = stack.createWaitingRoomEvent(WaitingRoomFigure.NAME + " fixed rate", count,
				Instant.now().minusSeconds(60), Map.of("enabled", true,
						"admission", Map.of("mode", "fixed", "perSecond", perSecond), "admittedForSeconds", 600));
		Places places = new Places(stack.api(), eventId);
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections());
				LoadGenerator keepers = new LoadGenerator(stack.api(), KEEPERS)) {
			context.progress("%s: %,d places join a room admitting %,d/s...", WaitingRoomFigure.NAME, count, perSecond);
			List<Places.Answer> joins = places.join(generator, owners, 1);
			if (joins.stream().anyMatch((answer) -> !answer.isPlace())) {
				throw new StackException(WaitingRoomFigure.NAME + ": a join of the fixed-rate room was refused (answers " + Places.statuses(joins) + ")");
			}
			Positions positions = new Positions(places, owners,
					joins.stream().map(Places.Answer::placeId).toList());
			Duration asking = window.plusSeconds(SETTLE_SECONDS + 1);
			CompletableFuture<LoadRun> asked = CompletableFuture
				.supplyAsync(() -> keepers.closed(positions, asking, ResponseSink.IGNORE));
			ProcessWaits.pause(Duration.ofSeconds(SETTLE_SECONDS));
			context.progress("%s: counting admissions for %d s...", WaitingRoomFigure.NAME, window.toSeconds());
			RoomStatus before = room.status(eventId);
			long start = System.nanoTime();
			ProcessWaits.pause(window);
			RoomStatus after = room.status(eventId);
			double seconds = (System.nanoTime() - start) / 1e9;
			LoadRun run = asked.join();
			room.pause(eventId);
			long admitted = after.admitted() - before.admitted();
			Result result = new Result(perSecond, window.toSeconds(), count, admitted / seconds,
					Orders.rateErrorPercent(admitted, seconds, perSecond), admitted, after.dropped() - before.dropped(),
					after.waiting(), run.answered());
			context.progress("%s: %,d admitted in %.1f s: %.2f/s (%+.2f %%), %,d still waiting",
					WaitingRoomFigure.NAME, admitted, seconds, result.measuredPerSecond(), result.errorPct(),
					after.waiting());
			return result;
		}
	}

	/**
	 * The fixed-rate figures.
	 *
	 * @param perSecond the room's rate, places a second
	 * @param windowSeconds the window, s
	 * @param places places that joined
	 * @param measuredPerSecond places admitted a second over the window
	 * @param errorPct its error, in percent of {@code perSecond} (bar ±5 %)
	 * @param admitted places admitted in the window
	 * @param dropped places dropped as abandoned in the window
	 * @param waitingAtEnd places still waiting when it ended (0: the line emptied, and the rate was not measured)
	 * @param positionAnswers position answers the owners got meanwhile
	 */
	record Result(int perSecond, long windowSeconds, int places, double measuredPerSecond, double errorPct,
			long admitted, long dropped, long waitingAtEnd, long positionAnswers) {
	}

}
