package io.minitickets.ops.replay;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsIntegrationTestSupport;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Replays are harmless (docs/OPERATIONS.md): replaying the whole of {@code bookings.requested} after a sale, poison
 * record included, changes nothing in Postgres, in Valkey or in the dead-letter topic.
 */
class ReplayingTheWholeTopicChangesNothingIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void replayingAllOfBookingsRequestedAfterASaleChangesNothing() {
		long eventId = createEvent(4);
		this.gate.load(eventId, 4);
		List<BookingRequested> sale = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			BookingRequested request = request(eventId, 1, true);
			if (this.gate.reserve(eventId, request.bookingId(), 1).result() == ReserveResult.RESERVED) {
				sale.add(request);
			}
		}
		sale.add(request(eventId, 1, false));
		sale.add(request(eventId, 1, false));
		publish(sale);
		String key = Long.toString(eventId);
		publishRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key, "{ not a booking".getBytes(StandardCharsets.UTF_8)));
		awaitBookings(eventId, 6);
		await().atMost(TIMEOUT).until(() -> recordsWithKey(BookingTopics.REQUESTED_DLT, key) == 1);
		awaitAllConsumed();
		Map<String, Object> postgresBefore = postgres();
		Map<String, String> valkeyBefore = valkeySnapshot();
		var deadLettersBefore = endOffsets(BookingTopics.REQUESTED_DLT);

		Run run = ops("replay", "--topic", BookingTopics.REQUESTED, "--execute", "--rate", "1000");

		assertThat(run.exit()).as(run.toString()).isZero();
		assertThat(run.out()).contains("0 CONFIRMED now", "0 REJECTED now", "0 not settled");
		assertThat(postgres()).isEqualTo(postgresBefore);
		assertThat(valkeySnapshot()).isEqualTo(valkeyBefore);
		assertThat(endOffsets(BookingTopics.REQUESTED_DLT)).isEqualTo(deadLettersBefore);
		assertThat(recordsWithKey(BookingTopics.REQUESTED_DLT, key)).isEqualTo(1);
	}

	private Map<String, Object> postgres() {
		Map<String, Object> state = new TreeMap<>();
		this.jdbc.query("select id, status, reason, settled_at, settled_in_tx from bookings",
				(rs) -> { state.put("booking " + rs.getString(1), rs.getString(2) + " " + rs.getString(3) + " "
						+ rs.getString(4) + " " + rs.getLong(5)); });
		this.jdbc.query("select id, seats_sold from events", (rs) -> { state.put("event " + rs.getLong(1),
				rs.getInt(2)); });
		return state;
	}

	/** Every key under the test's prefix with its type and value (TTLs aside). */
	private Map<String, String> valkeySnapshot() {
		RedisClusterCommands<String, String> commands = this.valkey.sync();
		Map<String, String> snapshot = new TreeMap<>();
		ScanCursor cursor = ScanCursor.INITIAL;
		do {
			KeyScanCursor<String> page = commands.scan(cursor, ScanArgs.Builder.matches(this.keys.prefix() + "*")
				.limit(500));
			for (String key : page.getKeys()) {
				String type = commands.type(key);
				String value = switch (type) {
					case "string" -> commands.get(key);
					case "hash" -> new TreeMap<>(commands.hgetall(key)).toString();
					case "zset" -> commands.zrangeWithScores(key, 0, -1).toString();
					default -> type;
				};
				snapshot.put(key, type + " " + value);
			}
			cursor = page;
		}
		while (!cursor.isFinished());
		return snapshot;
	}

}
