package io.minitickets.api.booking;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.messaging.BookingTopics;
import kafka.server.BrokerServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.testcontainers.kafka.KafkaContainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Takes the test context's Kafka broker away and brings it back at the same address, its logs kept: the embedded
 * KRaft broker's broker node is shut down and started again (its controller keeps running), a container is paused and
 * unpaused (a restarted container would get another mapped port).
 *
 * @param embedded the context's embedded broker, or null on Testcontainers
 * @param container the context's broker container, or null locally
 * @param bootstrapServers the broker's address
 */
record BrokerOutage(@Nullable EmbeddedKafkaBroker embedded, @Nullable KafkaContainer container,
		String bootstrapServers) {

	/**
	 * Stops the broker and returns once it no longer serves.
	 */
	void begin() {
		if (this.embedded instanceof EmbeddedKafkaKraftBroker kraft) {
			for (BrokerServer broker : kraft.getCluster().brokers().values()) {
				broker.shutdown();
				broker.awaitShutdown();
			}
		}
		else if (this.container != null) {
			this.container.getDockerClient().pauseContainerCmd(this.container.getContainerId()).exec();
		}
		else {
			throw new IllegalStateException("no broker of the test's own to stop");
		}
	}

	/**
	 * Starts the broker again and returns once {@code bookings.settled} has a leader again.
	 * @throws AssertionError when it does not within 60 s
	 */
	void end() {
		if (this.embedded instanceof EmbeddedKafkaKraftBroker kraft) {
			kraft.getCluster().brokers().values().forEach(BrokerServer::startup);
		}
		else if (this.container != null) {
			this.container.getDockerClient().unpauseContainerCmd(this.container.getContainerId()).exec();
		}
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers))) {
			await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() -> {
				TopicDescription settled = admin.describeTopics(List.of(BookingTopics.SETTLED))
					.allTopicNames()
					.get(5, TimeUnit.SECONDS)
					.get(BookingTopics.SETTLED);
				assertThat(settled.partitions()).allSatisfy((partition) -> assertThat(partition.leader()).isNotNull());
			});
		}
	}

}
