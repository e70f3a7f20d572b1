package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.api.WorkerGroupOffsets;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.ClassMode;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17: a PENDING booking's {@code queue.ahead} never rises, whichever instance behind the proxy answers the
 * poll, though each instance reads the worker group's offsets on its own schedule. The second instance here reads
 * them once, at start, and then not for an hour: its reading is older than the first instance's.
 * <p>
 * The test commits the worker group's offsets itself; so that no later test sees a settle rate measured here (each
 * instance keeps a partition's rate for good) nor offsets it did not commit, it deletes them afterwards and leaves
 * the context dirty.
 */
@DirtiesContext(classMode = ClassMode.AFTER_CLASS)
class QueueAheadAcrossInstancesIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private Environment environment;

	@Test
	void aheadNeverRisesWhenPollsAlternateBetweenAnInstanceWithAFreshReadingAndOneWithAStaleOne() {
		String token = newUserToken();
		long eventId = createOpenEvent(10);
		for (int i = 0; i < 3; i++) {
			book(eventId, token);
		}
		UUID last = book(eventId, token);
		long offset = RequestedTopic.record(kafkaBootstrapServers(), last).offset();
		try (WorkerGroupOffsets worker = new WorkerGroupOffsets(kafkaBootstrapServers())) {
			worker.commit(offset - 3);
			ApiClient first = this.api;
			List<Long> answered = new ArrayList<>();
			answered.add(awaitAhead(first, last, token, 3));
			try (SecondApiService second = SecondApiService.start(this.environment, kafkaBootstrapServers(),
					"minitickets.queue.poll-period=1h")) {
				ApiClient other = new ApiClient(second.port());
				answered.add(awaitAhead(other, last, token, 3));

				worker.commit(offset - 1);
				answered.add(awaitAhead(first, last, token, 1));
				for (int i = 0; i < 6; i++) {
					answered.add(ahead((i % 2 == 0) ? other : first, last, token));
				}
			}
			assertThat(answered).as("ahead, poll after poll, alternating instances").isSortedAccordingTo(
					(earlier, later) -> Long.compare(later, earlier));
		}
	}

	@AfterEach
	void forgetTheWorkerGroupsOffsets() throws Exception {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrapServers()))) {
			admin.deleteConsumerGroupOffsets(BookingTopics.WORKER_GROUP, Set.of(WorkerGroupOffsets.PARTITION)).all().get();
		}
	}

	private UUID book(long eventId, String token) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private static long awaitAhead(ApiClient client, UUID bookingId, String token, long ahead) {
		return await().atMost(Duration.ofSeconds(15))
			.until(() -> ahead(client, bookingId, token), (answer) -> answer == ahead);
	}

	private static long ahead(ApiClient client, UUID bookingId, String token) {
		HttpResponse<String> poll = client.get("/api/bookings/" + bookingId, token);
		assertThat(poll.statusCode()).as(poll.body()).isEqualTo(200);
		JsonNode body = ApiClient.json(poll);
		assertThat(body.get("status").asString()).isEqualTo("PENDING");
		return body.path("queue").path("ahead").asLong(-1);
	}

}
