package io.minitickets.localstack.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;

/**
 * Runs real Apache Kafka brokers in KRaft mode (broker and controller in one node) as their own JVM processes, from
 * the Kafka jars on this module's classpath: formats each node's storage with {@code kafka.tools.StorageTool}, starts
 * {@code kafka.Kafka} on two free ports per node and waits until each answers a metadata request. One node, or a
 * cluster of several whose controllers form one static quorum.
 */
public final class KafkaBroker {

	/** The name the broker is recorded under in the state file. */
	public static final String NAME = "kafka";

	/** Partitions of topics the broker creates on its own; the services create theirs with the same count. */
	public static final int PARTITIONS = 3;

	private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

	/**
	 * How long each node of a cluster may take to format and to come up: three JVMs format and start at once, beside
	 * a Valkey Cluster and Postgres, on a small machine.
	 */
	private static final Duration CLUSTER_TIMEOUT = Duration.ofSeconds(180);

	/** A one-off tool needs neither a parallel collector nor the optimising compiler: less CPU at start. */
	private static final List<String> TOOL_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

	private static final String LOGGING = "-Dlogback.configurationFile=logback-process.xml";

	private final ProcessLauncher launcher;

	private final String classpath;

	/**
	 * @param launcher starts the broker's process
	 * @param classpath a classpath holding the kafka_2.13 and kafka-server jars and {@code logback-process.xml}
	 */
	public KafkaBroker(ProcessLauncher launcher, String classpath) {
		this.launcher = launcher;
		this.classpath = classpath;
	}

	/**
	 * Starts a broker with empty storage and waits until it serves.
	 * @param directory the broker's folder (configuration and data); emptied first
	 * @param logFile where the broker's log goes
	 * @return the running broker; its {@link ManagedProcess#url()} is the bootstrap servers {@code 127.0.0.1:port}
	 * @throws StackException when formatting fails or the broker does not come up
	 * within 90 s, with the log's last lines
	 * @throws UncheckedIOException when the folder cannot be written
	 */
	public ManagedProcess start(Path directory, Path logFile) {
		DataDirectories.fresh(directory);
		Path configuration = directory.resolve("server.properties");
		writeConfiguration(configuration, directory);
		String java = ProcessLauncher.java();
		this.launcher.run("Formatting Kafka's storage",
				List.of(java, LOGGING, "-cp", this.classpath, "kafka.tools.StorageTool", "format", "-t",
						Uuid.randomUuid().toString(), "-c", configuration.toString()),
				directory.resolve("format.log"), FORMAT_TIMEOUT);
		// Ports picked again just before the broker binds them: formatting takes seconds, in which another process
		// may take ports picked earlier. The storage does not record them (a static controller quorum).
		return launch(configuration, logFile, writeConfiguration(configuration, directory));
	}

	/**
	 * Starts a cluster of nodes with empty storage, each broker and controller of one static quorum, and waits until
	 * every one serves. With three nodes, topics created without a replication factor get three copies and
	 * {@code min.insync.replicas=2}.
	 * @param directory the cluster's folder, one sub-folder per node ({@code 1}, {@code 2}, …); emptied first
	 * @param logDirectory where the nodes' logs go, {@code kafka-<n>.log}
	 * @param nodes how many nodes, at least 1
	 * @param started told of each node as soon as its process runs, so that a failed start can stop it
	 * @return the running brokers, node 1 first, recorded as {@code kafka-<n>}; each {@link ManagedProcess#url()} is
	 * {@code 127.0.0.1:port}, and {@link #bootstrapServers} joins them
	 * @throws StackException when formatting fails or a node does not come up within 180 s, with its log's last lines
	 * @throws UncheckedIOException when a folder cannot be written
	 */
	public List<ManagedProcess> startCluster(Path directory, Path logDirectory, int nodes,
			Consumer<ManagedProcess> started) {
		DataDirectories.fresh(directory);
		List<Path> configurations = IntStream.rangeClosed(1, nodes)
			.mapToObj((node) -> DataDirectories.fresh(directory.resolve(Integer.toString(node)))
				.resolve("server.properties"))
			.toList();
		writeClusterConfiguration(configurations);
		String clusterId = Uuid.randomUuid().toString();
		String java = ProcessLauncher.java();
		inParallel(configurations.stream()
			.<Runnable>map((configuration) -> () -> this.launcher.run("Formatting Kafka's storage",
					Stream.of(List.of(java), TOOL_JVM, List.of(LOGGING, "-cp", this.classpath, "kafka.tools.StorageTool",
							"format", "-t", clusterId, "-c", configuration.toString()))
						.flatMap(List::stream)
						.toList(),
					configuration.resolveSibling("format.log"), CLUSTER_TIMEOUT))
			.toList());
		// Ports picked again just before the nodes bind them, as in start().
		List<Integer> ports = writeClusterConfiguration(configurations);
		List<ManagedProcess> brokers = new ArrayList<>();
		for (int node = 1; node <= nodes; node++) {
			ManagedProcess broker = spawn(NAME + "-" + node, configurations.get(node - 1),
					logDirectory.resolve(NAME + "-" + node + ".log"), ports.get(node - 1));
			started.accept(broker);
			brokers.add(broker);
		}
		inParallel(brokers.stream().<Runnable>map((broker) -> () -> awaitServing(broker, CLUSTER_TIMEOUT)).toList());
		return brokers;
	}

	/**
	 * @param brokers running brokers
	 * @return their {@code host:port}s, comma-separated, as clients take them
	 */
	public static String bootstrapServers(List<ManagedProcess> brokers) {
		return brokers.stream().map((broker) -> String.valueOf(broker.url())).collect(Collectors.joining(","));
	}

	/** Writes every node's configuration on new free ports; returns the nodes' broker ports, node 1 first. */
	private static List<Integer> writeClusterConfiguration(List<Path> configurations) {
		int nodes = configurations.size();
		List<Integer> ports = FreePorts.allocate(2 * nodes);
		List<Integer> brokerPorts = ports.subList(0, nodes);
		List<Integer> controllerPorts = ports.subList(nodes, 2 * nodes);
		for (int node = 1; node <= nodes; node++) {
			Path configuration = configurations.get(node - 1);
			write(configuration, KafkaServerProperties.render(KafkaServerProperties.of(node,
					brokerPorts.get(node - 1), controllerPorts, configuration.resolveSibling("data"), PARTITIONS)));
		}
		return brokerPorts;
	}

	private static int writeConfiguration(Path configuration, Path directory) {
		List<Integer> ports = FreePorts.allocate(2);
		write(configuration, KafkaServerProperties
			.render(KafkaServerProperties.of(ports.get(0), ports.get(1), directory.resolve("data"), PARTITIONS)));
		return ports.get(0);
	}

	/**
	 * Starts a stopped broker again on its folder, ports and data, and waits until it serves.
	 * @param directory the folder {@link #start} used
	 * @param logFile where the broker's log goes; replaced
	 * @param bootstrapServers the stopped broker's {@code 127.0.0.1:port}
	 * @return the running broker
	 * @throws StackException when it does not come up within 90 s
	 */
	public ManagedProcess restart(Path directory, Path logFile, String bootstrapServers) {
		return launch(directory.resolve("server.properties"), logFile, port(bootstrapServers));
	}

	/**
	 * Starts a stopped node of a cluster {@link #startCluster} started again on its folder, ports and data, and waits
	 * until it serves; it catches up with the other nodes' replicas and controller log.
	 * @param node the stopped node as recorded ({@code kafka-<n>}, its {@code 127.0.0.1:port})
	 * @param directory the cluster's folder {@link #startCluster} was given
	 * @param logFile where the node's log goes; replaced
	 * @return the running node, recorded under the same name
	 * @throws StackException when it does not come up within 180 s
	 */
	public ManagedProcess restartNode(ManagedProcess node, Path directory, Path logFile) {
		String url = String.valueOf(node.url());
		Path configuration = directory.resolve(node.name().substring(NAME.length() + 1)).resolve("server.properties");
		ManagedProcess broker = spawn(node.name(), configuration, logFile, port(url));
		awaitServing(broker, CLUSTER_TIMEOUT);
		return broker;
	}

	private static int port(String bootstrapServers) {
		return Integer.parseInt(bootstrapServers.substring(bootstrapServers.lastIndexOf(':') + 1));
	}

	private ManagedProcess launch(Path configuration, Path logFile, int port) {
		ManagedProcess broker = spawn(NAME, configuration, logFile, port);
		awaitServing(broker, READY_TIMEOUT);
		return broker;
	}

	private ManagedProcess spawn(String name, Path configuration, Path logFile, int port) {
		return this.launcher.start(name, ProcessKind.INFRASTRUCTURE,
				List.of(ProcessLauncher.java(), "-Xmx512m", LOGGING, "-cp", this.classpath, "kafka.Kafka",
						configuration.toString()),
				Map.of(), logFile, "127.0.0.1:" + port, null);
	}

	private static void awaitServing(ManagedProcess broker, Duration timeout) {
		String bootstrapServers = String.valueOf(broker.url());
		Readiness.await(broker, timeout, () -> serves(port(bootstrapServers), bootstrapServers));
	}

	/** Runs tasks on virtual threads, waits for all, and rethrows the first failure. */
	private static void inParallel(List<Runnable> tasks) {
		List<Future<?>> running = new ArrayList<>();
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			tasks.forEach((task) -> running.add(executor.submit(task)));
		}
		for (Future<?> task : running) {
			if (task.state() == Future.State.FAILED) {
				throw (task.exceptionNow() instanceof RuntimeException failure) ? failure
						: new StackException("A Kafka node failed to start: " + task.exceptionNow(),
								task.exceptionNow());
			}
		}
	}

	/**
	 * Asks a broker for its cluster's nodes.
	 * @param port the broker's port on 127.0.0.1
	 * @param bootstrapServers the same as {@code host:port}
	 * @return true when it listens and answered with at least one node within 3 s
	 */
	static boolean serves(int port, String bootstrapServers) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), (int) PROBE_TIMEOUT.toMillis());
		}
		catch (IOException ex) {
			return false;
		}
		int timeout = (int) PROBE_TIMEOUT.toMillis();
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeout, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
				timeout))) {
			return !admin.describeCluster().nodes().get(timeout, TimeUnit.MILLISECONDS).isEmpty();
		}
		catch (ExecutionException | TimeoutException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private static void write(Path file, String content) {
		try {
			Files.writeString(file, content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file, ex);
		}
	}

}
