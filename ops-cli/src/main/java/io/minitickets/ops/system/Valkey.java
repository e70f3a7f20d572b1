package io.minitickets.ops.system;

import java.time.Duration;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.waitingroom.WaitingRoomQueue;

/**
 * The inventory gate's Valkey, with the services' key prefix, through booking-core's own {@link InventoryGate} (and
 * {@link WaitingRoomQueue} for the waiting rooms).
 */
public final class Valkey implements AutoCloseable {

	/** Generous, unlike the services' 250 ms: an operator's read may wait a moment rather than fail. */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private final ClientResources resources = DefaultClientResources.create();

	private final ValkeyConnection connection;

	private final InventoryGate gate;

	private final WaitingRoomQueue waitingRooms;

	/**
	 * Connects (or tries to: commands fail with {@code ValkeyUnavailableException} while Valkey is unreachable).
	 * @param settings where the gate's Valkey is and its key prefix
	 */
	public Valkey(OpsSettings settings) {
		this.connection = new ValkeyConnection("gate", settings.valkeyGateUrl(), COMMAND_TIMEOUT,
				settings.connectTimeout(), this.resources);
		this.gate = new InventoryGate(this.connection, new ValkeyKeys(settings.valkeyKeyPrefix()),
				new GateProperties(true, Duration.ofMinutes(10), Duration.ofHours(24)));
		this.waitingRooms = new WaitingRoomQueue(this.connection, new ValkeyKeys(settings.valkeyKeyPrefix()));
	}

	/** @return the events' waiting rooms (issue 18), through booking-core's own scripts */
	public WaitingRoomQueue waitingRooms() {
		return this.waitingRooms;
	}

	/** @return the gate; its lease and settle times are the defaults, which reads do not use */
	public InventoryGate gate() {
		return this.gate;
	}

	@Override
	public void close() {
		this.connection.close();
		this.resources.shutdown();
	}

}
