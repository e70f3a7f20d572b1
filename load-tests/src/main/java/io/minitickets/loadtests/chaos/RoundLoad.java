package io.minitickets.loadtests.chaos;

import java.util.List;

import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.stack.StackException;

/**
 * The booking load of a fault-injection run: started on each round's events, stopped once the round's fault was
 * recovered from.
 */
interface RoundLoad extends AutoCloseable {

	/**
	 * Starts the load of one round.
	 * @param fault the phase its answers are recorded under
	 * @param events the events on sale this round
	 * @param seed seeds the load's choices of user, event and quantity
	 * @return the running load, to stop
	 * @throws StackException when api-service cannot be reached
	 */
	Round start(FaultKind fault, List<Long> events, long seed);

	/**
	 * Releases what the load holds (connections, threads); nothing by default.
	 */
	@Override
	default void close() {
	}

	/**
	 * One round's running load.
	 */
	@FunctionalInterface
	interface Round {

		/**
		 * Stops sending and waits (bounded) for the answers still due.
		 * @return every answer of the round
		 * @throws StackException when the load cannot be stopped in time
		 */
		List<Answer> stop();

	}

}
