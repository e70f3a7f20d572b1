package io.minitickets.worker.settlement;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.worker.system.WorkerProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The post-commit Valkey writes against the real Valkey, and against one that is not there.
 */
class GateSettlerIntegrationTests {

	private static final long EVENT = 7;

	private static final WorkerProperties PROPERTIES = new WorkerProperties(Duration.ofSeconds(1),
			Duration.ofSeconds(10), Duration.ofMillis(100), Duration.ofSeconds(5), WorkerProperties.Failpoint.NONE, 0,
			null);

	private final TestValkey valkey = new TestValkey();

	private final ValkeyConnection live = this.valkey.connect("gate");

	private final InventoryGate gate = gate(this.live);

	private final BookingStatusCache statusCache = new BookingStatusCache(this.live, this.valkey.keys(),
			Duration.ofMinutes(5));

	@AfterEach
	void close() {
		this.live.close();
		this.valkey.close();
	}

	@Test
	void settlesEveryLeaseAndWritesEveryFinalStatus() {
		this.gate.load(EVENT, 5);
		BookingRequested confirmed = request(2);
		BookingRequested rejected = request(3);
		this.gate.reserve(EVENT, confirmed.bookingId(), 2);
		this.gate.reserve(EVENT, rejected.bookingId(), 3);
		Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

		boolean settled = new GateSettler(this.gate, this.statusCache, PROPERTIES)
			.settle(List.of(Settlement.confirmed(confirmed, now), Settlement.rejected(rejected,
					RejectionReason.SOLD_OUT, now)));

		assertThat(settled).isTrue();
		assertThat(this.gate.snapshot(EVENT).leases()).isEmpty();
		assertThat(this.gate.available(EVENT)).hasValue(3);
		assertThat(this.statusCache.get(confirmed.bookingId())).hasValueSatisfying(
				(cached) -> assertThat(cached.status()).isEqualTo(BookingStatus.CONFIRMED));
		assertThat(this.statusCache.get(rejected.bookingId())).hasValueSatisfying(
				(cached) -> assertThat(cached.reason()).isEqualTo(RejectionReason.SOLD_OUT));
	}

	@Test
	void leavesTheWritesToTheReconcilerWhenValkeyIsUnreachable() {
		try (ValkeyConnection unreachable = this.valkey.connect("gate", "redis://127.0.0.1:1")) {
			GateSettler settler = new GateSettler(gate(unreachable),
					new BookingStatusCache(unreachable, this.valkey.keys(), Duration.ofMinutes(5)), PROPERTIES);
			List<Settlement> settlements = List.of(Settlement.confirmed(request(1), Instant.now()),
					Settlement.confirmed(request(1), Instant.now()));

			// refused connects fail at once; 10 s (not Lettuce's 60 s default) proves it does not hang, with room for a
			// busy machine
			boolean settled = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> settler.settle(settlements));

			assertThat(settled).isFalse();
		}
	}

	private InventoryGate gate(ValkeyConnection connection) {
		return new InventoryGate(connection, this.valkey.keys(),
				new GateProperties(true, Duration.ofMinutes(10), Duration.ofHours(1)));
	}

	private static BookingRequested request(int quantity) {
		return BookingRequested.of(UUID.randomUUID(), EVENT, 1, quantity, Instant.now(), true);
	}

}
