package io.minitickets.api.booking;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.status.BookingStatusCache;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.testcontainers.kafka.KafkaContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17, "Bad input and faults": with a status stream open on a PENDING booking, the broker or the worker going
 * away keeps the stream open (heartbeat comments keep coming), and after recovery it carries the final status and
 * closes; no stream ever shows a status going backwards (PENDING after a final status, or {@code ahead} rising). The
 * test plays the worker ({@link SettlingWorker}, and the worker group's commits). Valkey's outage is
 * {@link BookingStreamValkeyOutageIntegrationTests}; a client going away is
 * {@link BookingStreamIntegrationTests#aClientThatGoesAwayFreesItsStream}.
 */
class BookingStreamFaultsIntegrationTests extends ApiIntegrationTest {

	private static final TopicPartition REQUESTED = new TopicPartition(BookingTopics.REQUESTED, 0);

	private final HttpClient http = HttpClient.newHttpClient();

	@Autowired
	private BookingStatusCache cache;

	@Autowired(required = false)
	private @Nullable EmbeddedKafkaBroker embeddedKafka;

	@Autowired(required = false)
	private @Nullable KafkaContainer kafkaContainer;

	@LocalServerPort
	private int port;

	@Test
	@Timeout(180)
	void theBrokerStoppedThenRestartedKeepsTheStreamWhichThenCarriesTheFinalStatus() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		UUID bookingId = book(eventId, token);
		BrokerOutage outage = new BrokerOutage(this.embeddedKafka, this.kafkaContainer, kafkaBootstrapServers());
		try (SseStream stream = SseStream.open(this.http, this.port, bookingId, token, null)) {
			List<SseStream.Event> events = new ArrayList<>();
			events.add(stream.nextEvent());

			outage.begin();
			try {
				events.addAll(stream.eventsDuringHeartbeats(5));
			}
			finally {
				outage.end();
			}
			events.addAll(stream.eventsDuringHeartbeats(2));
			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);
			events.addAll(stream.remainingEvents());

			assertNeverBackwards(events, "CONFIRMED");
		}
	}

	@Test
	@Timeout(120)
	void theWorkerDownThenBackKeepsTheStreamWhoseQueuePlaceNeverRises() throws Exception {
		long userId = newUserId();
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		book(eventId, token);
		UUID bookingId = book(eventId, token);
		long offset = RequestedTopic.record(kafkaBootstrapServers(), bookingId).offset();
		try (KafkaConsumer<String, String> worker = workerGroup()) {
			commit(worker, offset - 1);
			try (SseStream stream = SseStream.open(this.http, this.port, bookingId, token, null)) {
				List<SseStream.Event> events = new ArrayList<>();
				do {
					events.add(stream.nextEvent());
				}
				while (events.getLast().data().path("queue").path("ahead").asLong(-1) != 1);

				// the worker is down: nothing is committed, nothing settles
				List<SseStream.Event> whileDown = stream.eventsDuringHeartbeats(4);
				assertThat(whileDown).allSatisfy((event) -> assertThat(event.status()).isEqualTo("PENDING"));
				events.addAll(whileDown);

				// back: it settles the booking ahead, then this one
				commit(worker, offset);
				SseStream.Event next;
				do {
					next = stream.nextEvent();
					events.add(next);
				}
				while (next.data().path("queue").path("ahead").asLong(-1) != 0);
				commit(worker, offset + 1);
				new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId,
						userId, true);
				events.addAll(stream.remainingEvents());

				assertNeverBackwards(events, "CONFIRMED");
			}
		}
	}

	/**
	 * Checks a stream's events from its first: PENDING ones whose {@code ahead} never rises, then one final status,
	 * the last event.
	 * @param events every event the stream sent
	 * @param last the final status expected
	 */
	static void assertNeverBackwards(List<SseStream.Event> events, String last) {
		assertThat(events).as("the stream's events").isNotEmpty();
		assertThat(events.getLast().status()).as("its last event").isEqualTo(last);
		List<SseStream.Event> before = events.subList(0, events.size() - 1);
		assertThat(before).extracting(SseStream.Event::status).as("nothing but PENDING before the final status")
			.containsOnly("PENDING");
		long ahead = Long.MAX_VALUE;
		for (SseStream.Event event : before) {
			long now = event.data().path("queue").path("ahead").asLong(-1);
			if (now >= 0) {
				assertThat(now).as("ahead never rises: %s", events).isLessThanOrEqualTo(ahead);
				ahead = now;
			}
		}
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private KafkaConsumer<String, String> workerGroup() {
		KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
				kafkaBootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, BookingTopics.WORKER_GROUP,
				ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
		consumer.assign(List.of(REQUESTED));
		return consumer;
	}

	private static void commit(KafkaConsumer<String, String> worker, long offset) {
		worker.commitSync(Map.of(REQUESTED, new OffsetAndMetadata(offset)));
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
