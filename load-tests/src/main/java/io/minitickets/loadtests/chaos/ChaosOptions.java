package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;

import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StateStore;

/**
 * What a fault-injection run does.
 *
 * @param rounds how many times each fault is injected, at least 1
 * @param seed seeds the fault moments, the load's choices and the poison bytes
 * @param faults the faults, in run order
 * @param stateParent the folder the run's own state folder {@code chaos-<seed>} is created in
 * @param checkout the checkout, where the services' jars are
 * @param rate booking requests per second of an open-model load ({@link OpenSaleLoad}); 0 for the gentle load of
 * eight clients with pauses ({@link SaleLoad})
 * @param connections the open-model load's HTTP connections (the most requests in flight at once), at least 1;
 * unused by the gentle load
 */
record ChaosOptions(int rounds, long seed, List<FaultKind> faults, Path stateParent, Path checkout, double rate,
		int connections) {

	/** Users of the gentle load, and the fewest of an open-model one. */
	private static final int USERS = 48;

	/** Seats of each event of a round under the gentle load, and the fewest under an open-model one. */
	private static final int SEATS_PER_EVENT = 30;

	/** Under an open-model load: users per booking request per second, so each user books about once in 3 s. */
	private static final int USERS_PER_RATE = 3;

	/** Under an open-model load: seats of an event per booking request per second (two events sell out in ~4 s). */
	private static final int SEATS_PER_RATE = 3;

	ChaosOptions {
		if (rounds < 1) {
			throw new IllegalArgumentException("rounds must be at least 1");
		}
		if (rate < 0 || connections < 1) {
			throw new IllegalArgumentException("the rate must be 0 or above, the connections at least 1");
		}
		faults = List.copyOf(faults);
	}

	/**
	 * The gentle load: eight clients with pauses.
	 * @param rounds how many times each fault is injected, at least 1
	 * @param seed seeds the fault moments, the load's choices and the poison bytes
	 * @param faults the faults, in run order
	 * @param stateParent the folder the run's own state folder is created in
	 * @param checkout the checkout, where the services' jars are
	 */
	ChaosOptions(int rounds, long seed, List<FaultKind> faults, Path stateParent, Path checkout) {
		this(rounds, seed, faults, stateParent, checkout, 0, 1);
	}

	/**
	 * @return true for an open-model load at {@link #rate()}
	 */
	boolean open() {
		return this.rate > 0;
	}

	/**
	 * @return the users who book, each with a token of its own
	 */
	int users() {
		return open() ? Math.max(USERS, (int) Math.ceil(USERS_PER_RATE * this.rate)) : USERS;
	}

	/**
	 * @return the seats of each event a round puts on sale
	 */
	int seatsPerEvent() {
		return open() ? Math.max(SEATS_PER_EVENT, (int) Math.ceil(SEATS_PER_RATE * this.rate)) : SEATS_PER_EVENT;
	}

	/**
	 * The run's own state folder, {@code <prefix><seed>} under {@link #stateParent()}, emptied.
	 * @param prefix the folder's name before the seed, for example {@code chaos-}
	 * @return the folder
	 * @throws StackException when a run with this seed still has processes running there
	 */
	Path freshDirectory(String prefix) {
		Path directory = this.stateParent.resolve(prefix + this.seed);
		if (new StateStore(directory).load().filter(StackState::anyRunning).isPresent()) {
			throw new StackException("A run with seed " + this.seed + " still runs in " + directory
					+ "; stop it with ./minitickets down --state " + directory);
		}
		DataDirectories.fresh(directory);
		return directory;
	}

}
