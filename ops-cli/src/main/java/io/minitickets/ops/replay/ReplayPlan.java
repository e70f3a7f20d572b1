package io.minitickets.ops.replay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.messaging.ReplayHeaders.RecordCoordinates;
import org.jspecify.annotations.Nullable;

/**
 * What a replay does with each matching record, decided before anything is published: a dry run prints it, an
 * execution carries it out.
 * <p>
 * Each original record is replayed once per run: of several copies of one original (a dead letter and its earlier
 * redrive, a record and its replays) only the last one read is. A record already replayed {@code maxRedrives}
 * times (its replay-count header, or the redrives counted in {@code dead_letters}) is parked instead, and one already
 * parked is skipped, so a record that can never be settled cannot loop. A record redriven before whose booking is
 * still not final in Postgres (its last redrive failed again, or the worker has not consumed it yet; a poison record
 * has no booking, so it is never final) is skipped too unless the operator asks for it {@code again}: redriving it
 * would only fail once more.
 *
 * @param records every matching record with its action, in the order read
 */
record ReplayPlan(List<Planned> records) {

	/**
	 * @param matching the matching records in the order read
	 * @param ledger what {@code dead_letters} knows of their originals
	 * @param finalBookings the booking ids of the matching records that are CONFIRMED or REJECTED in Postgres
	 * @param maxRedrives how many replays a record may have had before it is parked, 1 or more
	 * @param max the most records to publish or park in this run; null for no limit
	 * @param again true to redrive records whose last redrive did not settle them as well ({@code --again})
	 * @return the plan
	 */
	static ReplayPlan of(List<SourceRecord> matching, Map<RecordCoordinates, DeadLetterLedger.Entry> ledger,
			Set<UUID> finalBookings, int maxRedrives, @Nullable Integer max, boolean again) {
		Set<RecordCoordinates> later = new HashSet<>();
		boolean[] superseded = new boolean[matching.size()];
		for (int i = matching.size() - 1; i >= 0; i--) {
			superseded[i] = !later.add(matching.get(i).original());
		}
		List<Planned> planned = new ArrayList<>();
		int sent = 0;
		for (int i = 0; i < matching.size(); i++) {
			SourceRecord source = matching.get(i);
			DeadLetterLedger.Entry known = ledger.get(source.original());
			int replays = Math.max(source.replayCount(), (known != null) ? known.redrives() : 0);
			Action action;
			if (superseded[i]) {
				action = Action.SKIP_COPY;
			}
			else if (known != null && known.parked()) {
				action = Action.SKIP_PARKED;
			}
			else if (!again && known != null && known.redrives() > 0 && !isFinal(source, finalBookings)) {
				action = Action.SKIP_UNSETTLED;
			}
			else if (max != null && sent >= max) {
				action = Action.SKIP_OVER_MAX;
			}
			else {
				action = (replays >= maxRedrives) ? Action.PARK : Action.PUBLISH;
				sent++;
			}
			planned.add(new Planned(source, action, (action == Action.PUBLISH) ? replays + 1 : replays));
		}
		return new ReplayPlan(List.copyOf(planned));
	}

	private static boolean isFinal(SourceRecord source, Set<UUID> finalBookings) {
		UUID bookingId = source.bookingId();
		return bookingId != null && finalBookings.contains(bookingId);
	}

	/**
	 * @param action an action
	 * @return how many records get it
	 */
	int count(Action action) {
		return (int) this.records.stream().filter((record) -> record.action() == action).count();
	}

	/** @return records skipped for any reason */
	int skipped() {
		return count(Action.SKIP_COPY) + count(Action.SKIP_PARKED) + count(Action.SKIP_UNSETTLED)
				+ count(Action.SKIP_OVER_MAX);
	}

	/** @return the records to publish or park, in order */
	List<Planned> toSend() {
		return this.records.stream()
			.filter((record) -> record.action() == Action.PUBLISH || record.action() == Action.PARK)
			.toList();
	}

	/** What happens to one record. */
	enum Action {

		/** Re-published to {@code bookings.requested}. */
		PUBLISH,

		/** Replayed too often: published to {@code bookings.requested-parked}. */
		PARK,

		/** A later copy of the same original is in the range: that one is replayed. */
		SKIP_COPY,

		/** Its original was parked by an earlier run. */
		SKIP_PARKED,

		/**
		 * Redriven before, and its booking is still not final: the last redrive failed again (or is not consumed
		 * yet). Redriven only with {@code --again}.
		 */
		SKIP_UNSETTLED,

		/** Beyond {@code --max}. */
		SKIP_OVER_MAX

	}

	/**
	 * @param source the record read
	 * @param action what happens to it
	 * @param replayCount the replay count written on the copy (for a parked record: the replays it had)
	 */
	record Planned(SourceRecord source, Action action, int replayCount) {
	}

}
