package io.minitickets.localstack.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code server.properties} of a single-node KRaft broker that is its own controller, listening on 127.0.0.1 only,
 * with every internal topic at replication factor 1 (one broker holds one copy: acks=all means that copy).
 */
final class KafkaServerProperties {

	private KafkaServerProperties() {
	}

	/**
	 * @param brokerPort the PLAINTEXT listener's port, which clients bootstrap from
	 * @param controllerPort the CONTROLLER listener's port
	 * @param logDirectory where the broker keeps its logs (data)
	 * @param partitions partitions of topics created without a count
	 * @return the settings, in file order
	 */
	static Map<String, String> of(int brokerPort, int controllerPort, Path logDirectory, int partitions) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("process.roles", "broker,controller");
		properties.put("node.id", "1");
		properties.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
		properties.put("listeners",
				"PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
		properties.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
		properties.put("controller.listener.names", "CONTROLLER");
		properties.put("inter.broker.listener.name", "PLAINTEXT");
		properties.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
		properties.put("log.dirs", logDirectory.toAbsolutePath().toString());
		properties.put("num.partitions", Integer.toString(partitions));
		properties.put("default.replication.factor", "1");
		properties.put("min.insync.replicas", "1");
		properties.put("offsets.topic.replication.factor", "1");
		properties.put("offsets.topic.num.partitions", Integer.toString(partitions));
		properties.put("transaction.state.log.replication.factor", "1");
		properties.put("transaction.state.log.min.isr", "1");
		properties.put("share.coordinator.state.topic.replication.factor", "1");
		properties.put("share.coordinator.state.topic.min.isr", "1");
		properties.put("group.initial.rebalance.delay.ms", "0");
		return properties;
	}

	/**
	 * @param properties settings
	 * @return them as a properties file, one {@code key=value} a line
	 */
	static String render(Map<String, String> properties) {
		return properties.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + "=" + entry.getValue().replace("\\", "\\\\"))
			.collect(Collectors.joining("\n", "", "\n"));
	}

}
