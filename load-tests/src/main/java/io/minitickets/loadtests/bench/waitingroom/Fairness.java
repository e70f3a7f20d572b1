package io.minitickets.loadtests.bench.waitingroom;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.IntStream;

import io.minitickets.core.waitingroom.RoomStatus;
import io.minitickets.loadtests.bench.BenchContext;
import io.minitickets.loadtests.bench.BenchStack;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * The opening's fairness and first-in-first-out after it, on one event whose waiting room takes places from now and
 * whose sale opens a little later.
 * <p>
 * The room is paused first (as {@code ops queue pause} does: the draw still happens at the opening, but nobody is
 * admitted), so that every place's position can be read before anyone is admitted. {@code preQueue} accounts join
 * before the opening, in a known order (account {@code i} sends its two joins back to back, both in flight at once:
 * the second must find the first's place); after the opening {@code later} accounts join one at a time, each join
 * answered before the next is sent, so that their order is exact, and join once more. Once the draw is applied each
 * place is read (its position), the room is resumed, admits everyone at {@value #DRAIN_RATE} a second, and each place
 * is read again (its admission's end). The admission order is by admission end, then position: a script call admits
 * the head of the line, so within one call positions order it.
 */
final class Fairness {

	/** The room's fixed rate: high enough to admit every place within seconds. */
	static final int DRAIN_RATE = 5_000;

	/**
	 * Accounts a second the pre-queue is given time for before the opening (each joins twice): 2 cores shared with the
	 * stack and, here, other work; the pre-queue's join order is only drawn for the places taken in time, the others
	 * are counted ({@code joinedBeforeOpening}) and left out of ρ.
	 */
	private static final int JOINS_PER_SECOND = 100;

	private static final Duration POLL = Duration.ofMillis(200);

	private Fairness() {
	}

	/**
	 * @param context the run
	 * @param room the stack's Valkey, to pause and read the room
	 * @param preQueue accounts joining before the opening
	 * @param later accounts joining after it
	 * @return what was measured
	 * @throws StackException when the stack does not answer as a waiting room should (a join refused, a place not
	 * admitted)
	 */
	static Result measure(BenchContext context, Room room, int preQueue, int later) {
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(preQueue + later);
		List<LoadUser> early = users.subList(0, preQueue);
		List<LoadUser> late = users.subList(preQueue, users.size());
		Instant opensAt = Instant.now().plusSeconds(10 + preQueue / JOINS_PER_SECOND);
		long eventId = stack.createWaitingRoomEvent(WaitingRoomFigure.NAME + " fairness", preQueue + later, opensAt,
				Map.of("enabled", true, "admission", Map.of("mode", "fixed", "perSecond", DRAIN_RATE),
						"admittedForSeconds", 600));
		room.pause(eventId);
		Places places = new Places(stack.api(), eventId);
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections());
				LoadGenerator oneByOne = new LoadGenerator(stack.api(), 1)) {
			context.progress("%s: %,d accounts join twice each before the opening at %s...", WaitingRoomFigure.NAME,
					preQueue, opensAt);
			List<Places.Answer> earlyJoins = places.join(generator, early, 2);
			SortedMap<Integer, Long> joinAnswers = Places.statuses(earlyJoins);
			Doubles doubles = Doubles.of(earlyJoins, 2);
			boolean[] inTime = new boolean[preQueue];
			IntStream.range(0, preQueue)
				.forEach((i) -> inTime[i] = "PRE_QUEUE".equals(earlyJoins.get(2 * i).state())
						&& "PRE_QUEUE".equals(earlyJoins.get(2 * i + 1).state()));
			Duration untilOpen = Duration.between(Instant.now(), opensAt).plusMillis(100);
			if (untilOpen.isPositive()) {
				ProcessWaits.pause(untilOpen);
			}
			context.progress("%s: sale open; %,d accounts join one at a time, then again...", WaitingRoomFigure.NAME,
					later);
			List<Places.Answer> lateJoins = places.join(oneByOne, late, 1);
			List<Places.Answer> lateAgain = places.join(generator, late, 1);
			List<Places.Answer> lateBoth = new ArrayList<>();
			for (int i = 0; i < later; i++) {
				lateBoth.add(lateJoins.get(i));
				lateBoth.add(lateAgain.get(i));
			}
			doubles = doubles.plus(Doubles.of(lateBoth, 2));
			Places.statuses(lateBoth).forEach((status, count) -> joinAnswers.merge(status, count, Long::sum));
			List<String> ids = new ArrayList<>(users.size());
			IntStream.range(0, preQueue).forEach((i) -> ids.add(earlyJoins.get(2 * i).placeId()));
			lateJoins.forEach((answer) -> ids.add(answer.placeId()));
			if (ids.stream().anyMatch((id) -> id == null)) {
				throw new StackException(WaitingRoomFigure.NAME + ": a join was refused (answers " + joinAnswers + ")");
			}
			awaitDraw(places, generator, early.getFirst(), ids.getFirst());
			List<Places.Answer> waiting = places.read(generator, users, ids);
			room.resume(eventId);
			context.progress("%s: drawn; positions read; admitting at %,d/s...", WaitingRoomFigure.NAME, DRAIN_RATE);
			RoomStatus admitted = awaitEmpty(room, eventId,
					Duration.ofSeconds(30 + (long) users.size() / DRAIN_RATE));
			List<Places.Answer> admissions = places.read(generator, users, ids);
			return result(preQueue, later, waiting, admissions, doubles, inTime, joinAnswers, admitted);
		}
	}

	private static Result result(int preQueue, int later, List<Places.Answer> waiting, List<Places.Answer> admissions,
			Doubles doubles, boolean[] inTime, SortedMap<Integer, Long> joinAnswers, RoomStatus status) {
		int total = preQueue + later;
		long notAdmitted = admissions.stream().filter((answer) -> !"ADMITTED".equals(answer.state())).count();
		long notWaiting = waiting.stream().filter((answer) -> !"WAITING".equals(answer.state())).count();
		if (notAdmitted > 0 || notWaiting > 0) {
			throw new StackException(String.format(Locale.ROOT, "%s: %,d of %,d places were not WAITING before the "
					+ "admission, %,d not ADMITTED after it (dropped %,d)", WaitingRoomFigure.NAME, notWaiting, total,
					notAdmitted, status.dropped()));
		}
		// admission order: by admission end, then position (one script call admits the head of the line in order)
		Integer[] byAdmission = IntStream.range(0, total).boxed().toArray(Integer[]::new);
		Arrays.sort(byAdmission, Comparator
			.comparingLong((Integer i) -> admissions.get(i).admittedUntilMs())
			.thenComparingLong((i) -> waiting.get(i).position()));
		long[] rank = new long[total];
		for (int r = 0; r < total; r++) {
			rank[byAdmission[r]] = r;
		}
		// ρ over the places taken before the opening (the draw's); one taken after it is in arrival order by design
		int[] drawn = IntStream.range(0, preQueue).filter((i) -> inTime[i]).toArray();
		long[] joined = new long[drawn.length];
		long[] preRanks = new long[drawn.length];
		for (int k = 0; k < drawn.length; k++) {
			joined[k] = drawn[k];
			preRanks[k] = rank[drawn[k]];
		}
		long lastPreQueue = -1;
		for (int i = 0; i < preQueue; i++) {
			lastPreQueue = Math.max(lastPreQueue, rank[i]);
		}
		long[] laterRanks = new long[later];
		long aheadOfPreQueue = 0;
		for (int i = 0; i < later; i++) {
			laterRanks[i] = rank[preQueue + i];
			if (laterRanks[i] < lastPreQueue) {
				aheadOfPreQueue++;
			}
		}
		long positionMismatches = IntStream.range(0, total)
			.filter((i) -> waiting.get(i).position() != rank[i] + 1)
			.count();
		return new Result(preQueue, later, drawn.length, Orders.spearmanRho(joined, preRanks),
				Orders.inversions(laterRanks) + aheadOfPreQueue, positionMismatches, doubles.places(),
				doubles.refused(), status.dropped(), joinAnswers);
	}

	private static void awaitDraw(Places places, LoadGenerator generator, LoadUser owner, String placeId) {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() - deadline < 0) {
			Places.Answer answer = places.read(generator, List.of(owner), List.of(placeId)).getFirst();
			if ("WAITING".equals(answer.state())) {
				return;
			}
			ProcessWaits.pause(POLL);
		}
		throw new StackException(WaitingRoomFigure.NAME + ": the pre-queue was not drawn 30 s after the opening");
	}

	private static RoomStatus awaitEmpty(Room room, long eventId, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		RoomStatus status = room.status(eventId);
		while (status.waiting() > 0) {
			if (System.nanoTime() - deadline > 0) {
				throw new StackException(String.format(Locale.ROOT, "%s: %,d places still waiting %d s after the "
						+ "room was resumed", WaitingRoomFigure.NAME, status.waiting(), timeout.toSeconds()));
			}
			ProcessWaits.pause(POLL);
			status = room.status(eventId);
		}
		return status;
	}

	/**
	 * Accounts that held two places: an account's joins, one after the other in the list, must all name one place, and
	 * only one of them may have taken it (201; the others 200).
	 *
	 * @param places accounts whose joins named more than one place, or took more than one (two 201s)
	 * @param refused joins not answered 200 or 201 with a place
	 */
	record Doubles(long places, long refused) {

		static Doubles of(List<Places.Answer> joins, int perAccount) {
			long places = 0;
			long refused = 0;
			for (int from = 0; from < joins.size(); from += perAccount) {
				List<Places.Answer> account = joins.subList(from, from + perAccount);
				long distinct = account.stream()
					.filter(Places.Answer::isPlace)
					.map(Places.Answer::placeId)
					.distinct()
					.count();
				long created = account.stream().filter((answer) -> answer.status() == 201).count();
				if (distinct > 1 || created > 1) {
					places++;
				}
				refused += account.stream().filter((answer) -> !answer.isPlace()).count();
			}
			return new Doubles(places, refused);
		}

		Doubles plus(Doubles other) {
			return new Doubles(this.places + other.places, this.refused + other.refused);
		}

	}

	/**
	 * The fairness figures.
	 *
	 * @param preQueue places joined before the opening
	 * @param later places joined after it, one at a time
	 * @param joinedBeforeOpening pre-queue accounts whose joins were both answered {@code PRE_QUEUE} (the rest came
	 * after the opening: a machine too busy for the time given)
	 * @param spearmanRho Spearman's ρ between the join order and the admission order of the places joined before the
	 * opening (bar |ρ| ≤ 0.05)
	 * @param fifoViolations pairs of later places admitted in the opposite order to their joins, plus later places
	 * admitted before a pre-queue place (bar 0)
	 * @param positionMismatches places whose position read before the admission was not their admission rank
	 * @param doublePlaces accounts that held two places (bar 0)
	 * @param joinsRefused joins not answered 200 or 201 with a place
	 * @param dropped places dropped as abandoned (none should be: every place was read moments before)
	 * @param joinAnswers every join's answer, by HTTP status
	 */
	record Result(int preQueue, int later, int joinedBeforeOpening, double spearmanRho, long fifoViolations,
			long positionMismatches, long doublePlaces, long joinsRefused, long dropped,
			SortedMap<Integer, Long> joinAnswers) {
	}

}
