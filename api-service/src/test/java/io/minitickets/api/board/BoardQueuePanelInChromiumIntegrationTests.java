package io.minitickets.api.board;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.RequestedTopic;
import io.minitickets.core.messaging.BookingTopics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The board's queue panel in a real headless Chromium: records ahead per partition and the ETA at the measured settle
 * rate, from the offsets api-service reads for queue positions. The test commits the worker group's offsets itself,
 * as the worker does. A context of its own (so a broker of its own): the settle rate it leaves behind would
 * otherwise be the next queue test's. Its screenshot: {@code target/surefire-reports/board-queue.png}.
 */
@TestPropertySource(properties = "minitickets.queue.rate-half-life=5s")
class BoardQueuePanelInChromiumIntegrationTests extends ApiIntegrationTest {

	@LocalManagementPort
	private int managementPort;

	private HeadlessChromium chromium;

	@BeforeEach
	void startChromium() throws Exception {
		this.chromium = new HeadlessChromium();
	}

	@AfterEach
	void stopChromium() throws Exception {
		if (this.chromium != null) {
			this.chromium.close();
		}
	}

	@Test
	void showsTheRecordsAheadPerPartitionAndTheEtaOnceASettleRateIsMeasured() throws Exception {
		long eventId = createOpenEvent(10);
		UUID last = null;
		for (int i = 0; i < 3; i++) {
			last = book(eventId);
		}
		ConsumerRecord<String, String> record = RequestedTopic.record(kafkaBootstrapServers(), last);
		TopicPartition partition = new TopicPartition(record.topic(), record.partition());
		long end = record.offset() + 1;
		WebDriver browser = this.chromium.driver();
		browser.get("http://127.0.0.1:" + this.managementPort + "/board/");
		browser.findElement(By.id("email")).sendKeys("admin@test.local");
		browser.findElement(By.id("password")).sendKeys("admin-password");
		browser.findElement(By.id("login-submit")).click();
		this.chromium.until((page) -> page.findElement(By.id("lag")).getText().matches("[\\d,]+"));
		assertThat(browser.findElement(By.id("queue-ahead")).getText())
			.as("the worker group never committed: unknown, not 0").isEqualTo("–");
		By queue = By.id("queue-p" + record.partition());

		try (KafkaConsumer<String, String> worker = workerGroup(partition)) {
			worker.commitSync(Map.of(partition, new OffsetAndMetadata(end - 3)));
			this.chromium.until((page) -> page.findElements(queue).size() == 1
					&& page.findElement(queue).getText().equals("p" + record.partition() + ": 3 ahead, ETA –"));
			assertThat(browser.findElement(By.id("queue-eta")).getText()).as("no rate measured yet").isEqualTo("–");

			worker.commitSync(Map.of(partition, new OffsetAndMetadata(end - 1)));
			this.chromium.until((page) -> page.findElement(queue).getText().matches("p\\d+: 1 ahead, ETA \\d+ s @ [\\d.]+/s"));
		}
		assertThat(browser.findElement(By.id("queue-ahead")).getText()).isEqualTo("1");
		assertThat(browser.findElement(By.id("queue-eta")).getText()).matches("\\d+ s");
		this.chromium.screenshot(Path.of("target", "surefire-reports", "board-queue.png"), 1280, 700);
		HttpResponse<String> data = new ApiClient(this.managementPort).get("/board/data", adminToken());
		JsonNode board = ApiClient.json(data).get("queue");
		assertThat(board.get("ahead").asLong()).isEqualTo(1);
		assertThat(board.get("etaSeconds").asLong()).isPositive();
		assertThat(board.get("partitions").get(0).get("ratePerSecond").asDouble()).isPositive();
	}

	private UUID book(long eventId) {
		HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				newUserToken());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return UUID.fromString(ApiClient.json(response).get("bookingId").asString());
	}

	private KafkaConsumer<String, String> workerGroup(TopicPartition partition) {
		KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
				kafkaBootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, BookingTopics.WORKER_GROUP,
				ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
		consumer.assign(List.of(partition));
		return consumer;
	}

}
