package io.minitickets.localstack.kafka;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KafkaServerPropertiesTests {

	@Test
	void aThreeNodeClusterKeepsThreeCopiesAndNeedsTwoInSync() {
		var properties = KafkaServerProperties.of(2, 9093, List.of(9101, 9102, 9103), Path.of("/tmp/k2"), 3);

		assertThat(properties).containsEntry("node.id", "2")
			.containsEntry("controller.quorum.voters", "1@127.0.0.1:9101,2@127.0.0.1:9102,3@127.0.0.1:9103")
			.containsEntry("listeners", "PLAINTEXT://127.0.0.1:9093,CONTROLLER://127.0.0.1:9102")
			.containsEntry("default.replication.factor", "3")
			.containsEntry("min.insync.replicas", "2")
			.containsEntry("offsets.topic.replication.factor", "3")
			.containsEntry("transaction.state.log.min.isr", "2");
	}

	@Test
	void oneNodeKeepsOneCopy() {
		var properties = KafkaServerProperties.of(9092, 9093, Path.of("/tmp/k"), 3);

		assertThat(properties).containsEntry("node.id", "1")
			.containsEntry("controller.quorum.voters", "1@127.0.0.1:9093")
			.containsEntry("default.replication.factor", "1")
			.containsEntry("min.insync.replicas", "1");
	}

}
