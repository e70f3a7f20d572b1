package io.minitickets.localstack.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The {@code server.properties} of one KRaft node that is both broker and controller, listening on 127.0.0.1 only.
 * On one node every internal topic has replication factor 1 (acks=all means that one copy); on three, topics created
 * without a replication factor (the booking topics, the offsets topic) get 3 copies and {@code min.insync.replicas=2},
 * so an acknowledged write survives losing one broker and writes go on while one is down.
 */
final class KafkaServerProperties {

	private KafkaServerProperties() {
	}

	/**
	 * @param brokerPort the PLAINTEXT listener's port, which clients bootstrap from
	 * @param controllerPort the CONTROLLER listener's port
	 * @param logDirectory where the broker keeps its logs (data)
	 * @param partitions partitions of topics created without a count
	 * @return the settings of a single-node cluster, in file order
	 */
	static Map<String, String> of(int brokerPort, int controllerPort, Path logDirectory, int partitions) {
		return of(1, brokerPort, List.of(controllerPort), logDirectory, partitions);
	}

	/**
	 * @param nodeId this node's id, from 1; node n's controller listens on {@code controllerPorts.get(n - 1)}
	 * @param brokerPort this node's PLAINTEXT listener's port, which clients bootstrap from
	 * @param controllerPorts the CONTROLLER listener port of every node of the cluster, node 1 first
	 * @param logDirectory where the broker keeps its logs (data)
	 * @param partitions partitions of topics created without a count
	 * @return the settings, in file order
	 */
	static Map<String, String> of(int nodeId, int brokerPort, List<Integer> controllerPorts, Path logDirectory,
			int partitions) {
		int nodes = controllerPorts.size();
		String replicas = Integer.toString(Math.min(nodes, 3));
		String minInSync = Integer.toString((nodes >= 3) ? 2 : 1);
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("process.roles", "broker,controller");
		properties.put("node.id", Integer.toString(nodeId));
		properties.put("controller.quorum.voters", IntStream.rangeClosed(1, nodes)
			.mapToObj((node) -> node + "@127.0.0.1:" + controllerPorts.get(node - 1))
			.collect(Collectors.joining(",")));
		properties.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:"
				+ controllerPorts.get(nodeId - 1));
		properties.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
		properties.put("controller.listener.names", "CONTROLLER");
		properties.put("inter.broker.listener.name", "PLAINTEXT");
		properties.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
		properties.put("log.dirs", logDirectory.toAbsolutePath().toString());
		properties.put("num.partitions", Integer.toString(partitions));
		properties.put("default.replication.factor", replicas);
		properties.put("min.insync.replicas", minInSync);
		properties.put("offsets.topic.replication.factor", replicas);
		properties.put("offsets.topic.num.partitions", Integer.toString(partitions));
		properties.put("transaction.state.log.replication.factor", replicas);
		properties.put("transaction.state.log.min.isr", minInSync);
		properties.put("share.coordinator.state.topic.replication.factor", replicas);
		properties.put("share.coordinator.state.topic.min.isr", minInSync);
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
