package io.minitickets.core.inventory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The gate against the real Valkey, under a key prefix of each test class's own ({@link TestValkey}), over one
 * connection per class, with new event ids.
 */
abstract class GateIntegrationTest {

	/** A lease lives 10 min, a settle is remembered 24 h: nothing expires during a test. */
	static final GateProperties GATE = new GateProperties(true, Duration.ofMinutes(10), Duration.ofHours(24));

	private static final AtomicLong EVENT_IDS = new AtomicLong(1);

	static TestValkey valkey;

	static ValkeyConnection connection;

	static InventoryGate gate;

	@BeforeAll
	static void connectTheGate() {
		valkey = new TestValkey();
		connection = valkey.connect("gate");
		gate = new InventoryGate(connection, valkey.keys(), GATE);
	}

	@AfterAll
	static void closeTheGate() {
		connection.close();
		valkey.close();
	}

	/**
	 * @return an event id no test of this class used, its gate not loaded
	 */
	static long newEvent() {
		return EVENT_IDS.getAndIncrement();
	}

	/**
	 * @param capacity seats
	 * @return a new event whose gate counter holds its capacity
	 */
	static long loadedEvent(int capacity) {
		long event = newEvent();
		gate.load(event, capacity);
		return event;
	}

}
