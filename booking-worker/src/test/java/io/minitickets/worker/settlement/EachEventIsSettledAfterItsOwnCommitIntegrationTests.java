package io.minitickets.worker.settlement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.messaging.BookingRequested;
import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import io.minitickets.core.testing.TestKafkaConfiguration;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A batch is settled event by event, and each event's bookings are made visible right after its own commit (DESIGN.md:
 * commit, then SETTLE the leases, then publish {@code bookings.settled}): when a later event's transaction fails, the
 * events committed before it keep their lease settles, status writes and {@code bookings.settled} records. Otherwise
 * they would come back as replays on the redelivery, and a replay touches nothing in Valkey.
 * <p>
 * The second event fails for real: a trigger on {@code bookings} raises Postgres's deadlock error for its rows only,
 * until the test drops it. Both events' records are written to one partition as one record batch, so the worker
 * receives them in one batch, the first event first.
 */
class EachEventIsSettledAfterItsOwnCommitIntegrationTests extends WorkerIntegrationTestSupport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Autowired
	private InventoryGate gate;

	@Autowired
	private BookingStatusCache statusCache;

	@Autowired
	private MeterRegistry meters;

	@Test
	void theFirstEventIsSettledAndPublishedWhileTheSecondEventsTransactionKeepsFailing() {
		long committing = createEvent(5, null);
		long failing = createEvent(5, null);
		this.gate.load(committing, 5);
		this.gate.load(failing, 5);
		List<BookingRequested> committed = List.of(reserved(request(committing, 1, 2, true)),
				reserved(request(committing, 2, 1, true)));
		BookingRequested refused = reserved(request(failing, 3, 1, true));
		double failedBefore = failedTransactions();

		failInsertsOf(failing);
		try {
			publishInOneBatch(List.of(committed.get(0), committed.get(1), refused));

			await().atMost(TIMEOUT).untilAsserted(() -> {
				assertThat(failedTransactions()).isGreaterThan(failedBefore);
				assertThat(this.gate.snapshot(committing).leases()).isEmpty();
				assertThat(committed).allSatisfy((request) -> assertThat(status(request))
					.isEqualTo(confirmed(request)));
				assertThat(settledBookingIds(committing)).containsExactlyInAnyOrderElementsOf(
						committed.stream().map(BookingRequested::bookingId).toList());
			});
			assertThat(this.gate.available(committing)).hasValue(5 - 3);
			assertThat(bookingCount(failing)).isZero();
			assertThat(this.gate.snapshot(failing).leases()).containsOnlyKeys(refused.bookingId());
		}
		finally {
			allowInsertsOf(failing);
		}

		awaitBookings(failing, 1);
		awaitAllConsumed();
		await().atMost(TIMEOUT).untilAsserted(() -> {
			assertThat(this.gate.snapshot(failing).leases()).isEmpty();
			assertThat(status(refused)).isEqualTo(confirmed(refused));
		});
		assertThat(settledBookingIds(failing)).containsExactly(refused.bookingId());
		assertThat(this.gate.available(committing)).hasValue(5 - 3);
		assertThat(seatsSold(committing)).isEqualTo(3);
		assertThat(seatsSold(failing)).isEqualTo(1);
	}

	private BookingRequested reserved(BookingRequested request) {
		assertThat(this.gate.reserve(request.eventId(), request.bookingId(), request.quantity()).result())
			.isEqualTo(ReserveResult.RESERVED);
		return request;
	}

	/**
	 * Writes requests to partition 0 as one record batch: the producer holds them back (a long linger) until the
	 * flush, so they reach the log in one produce request and the worker's fetch returns all of them, in this order,
	 * or none.
	 */
	private void publishInOneBatch(List<BookingRequested> requests) {
		try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
				ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafkaConfiguration.bootstrapServers(this.kafkaConnection),
				ProducerConfig.LINGER_MS_CONFIG, 60_000), new StringSerializer(), new ByteArraySerializer())) {
			List<Future<RecordMetadata>> sends = new ArrayList<>();
			for (BookingRequested request : requests) {
				sends.add(producer.send(new ProducerRecord<>(BookingTopics.REQUESTED, 0,
						Long.toString(request.eventId()), JSON.writeValueAsBytes(request))));
			}
			assertThat(sends).noneMatch(Future::isDone);
			producer.flush();
			assertThat(sends).allSatisfy((send) -> assertThat(send).succeedsWithin(TIMEOUT));
		}
	}

	private void failInsertsOf(long eventId) {
		this.jdbc.execute("""
				create function fail_settling_event_%1$d() returns trigger language plpgsql as $$
				begin
					raise exception 'deadlock detected (a test refuses bookings of event %1$d)' using errcode = '40P01';
				end $$""".formatted(eventId));
		this.jdbc.execute("""
				create trigger fail_settling_event_%1$d before insert on bookings for each row
				when (new.event_id = %1$d) execute function fail_settling_event_%1$d()""".formatted(eventId));
	}

	private void allowInsertsOf(long eventId) {
		this.jdbc.execute("drop trigger fail_settling_event_%1$d on bookings".formatted(eventId));
		this.jdbc.execute("drop function fail_settling_event_%1$d()".formatted(eventId));
	}

	private Set<UUID> settledBookingIds(long eventId) {
		return readAll(BookingTopics.SETTLED).stream()
			.filter((record) -> record.key().equals(Long.toString(eventId)))
			.map((record) -> JSON.readValue(record.value(), BookingSettled.class).bookingId())
			.collect(Collectors.toSet());
	}

	private double failedTransactions() {
		return this.meters.counter("minitickets.worker.settlement.transactions", "outcome", "failed").count();
	}

	private CachedBooking status(BookingRequested request) {
		return this.statusCache.get(request.bookingId()).orElse(null);
	}

	private static CachedBooking confirmed(BookingRequested request) {
		return new CachedBooking(request.bookingId(), request.eventId(), request.userId(), request.quantity(),
				BookingStatus.CONFIRMED, null, null);
	}

}
