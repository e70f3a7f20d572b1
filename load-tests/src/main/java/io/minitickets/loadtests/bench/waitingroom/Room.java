package io.minitickets.loadtests.bench.waitingroom;

import java.time.Duration;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;

import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.waitingroom.RoomStatus;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.ValkeyEndpoint;

/**
 * The stack's waiting rooms in its Valkey, as an operator steers and reads them ({@code ops queue pause|resume|status}),
 * through booking-core's own {@link WaitingRoomQueue} under the stack's key prefix.
 */
final class Room implements AutoCloseable {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private final ClientResources resources = DefaultClientResources.create();

	private final ValkeyConnection connection;

	private final WaitingRoomQueue queue;

	/**
	 * @param stack the stack, with its Valkey recorded
	 * @throws StackException when the stack has no Valkey
	 */
	Room(StackState stack) {
		ValkeyEndpoint valkey = stack.valkey();
		if (valkey == null) {
			throw new StackException("The stack " + stack.stackId() + " has no Valkey recorded");
		}
		this.connection = new ValkeyConnection("bench", valkey.url(), TIMEOUT, TIMEOUT, this.resources);
		this.queue = new WaitingRoomQueue(this.connection, new ValkeyKeys(valkey.keyPrefix()));
	}

	/**
	 * Pauses an event's admission (places keep their order; nobody is admitted until resumed).
	 * @param eventId the event
	 */
	void pause(long eventId) {
		this.queue.pause(eventId);
	}

	/**
	 * Resumes an event's admission.
	 * @param eventId the event
	 */
	void resume(long eventId) {
		this.queue.resume(eventId);
	}

	/**
	 * @param eventId the event
	 * @return its room's counts now: waiting, admitted, dropped
	 */
	RoomStatus status(long eventId) {
		return this.queue.status(eventId);
	}

	@Override
	public void close() {
		this.connection.close();
		this.resources.shutdown();
	}

}
