package io.minitickets.localstack.valkey;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.lettuce.core.RedisException;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.core.valkey.ValkeyUrl;
import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;

/**
 * Starts {@code valkey-server} (or {@code redis-server}) from the PATH on a free port of 127.0.0.1, without
 * persistence: one server for machines without a reachable Valkey, or the primaries of a Valkey Cluster joined with
 * {@code valkey-cli --cluster create} (or {@code redis-cli}).
 */
public final class ValkeyServer {

	/** The name the started server is recorded under in the state file. */
	public static final String NAME = "valkey";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	/** Cluster nodes start beside three Kafka brokers and six services on a small machine: more time to answer. */
	private static final Duration CLUSTER_READY_TIMEOUT = Duration.ofSeconds(90);

	private final ProcessLauncher launcher;

	/**
	 * @param launcher starts the process
	 */
	public ValkeyServer(ProcessLauncher launcher) {
		this.launcher = launcher;
	}

	/**
	 * Starts the server and waits until it answers PING.
	 * @param directory its working folder; emptied first
	 * @param logFile where its log goes
	 * @return the running server; its {@link ManagedProcess#url()} is its redis:// URL
	 * @throws StackException when neither executable is on the PATH (saying what to install), or when the server
	 * does not come up within 30 s
	 */
	public ManagedProcess start(Path directory, Path logFile) {
		return start(NAME, directory, logFile, FreePorts.allocate());
	}

	/**
	 * Starts a server on a given port (again on the same port after a restart: it comes back empty) and waits until it
	 * answers PING.
	 * @param name the name it is recorded under
	 * @param directory its working folder; emptied first
	 * @param logFile where its log goes
	 * @param port its port on 127.0.0.1
	 * @return the running server; its {@link ManagedProcess#url()} is its redis:// URL
	 * @throws StackException when neither executable is on the PATH, or when the server does not come up within 30 s
	 */
	public ManagedProcess start(String name, Path directory, Path logFile, int port) {
		DataDirectories.fresh(directory);
		String url = "redis://127.0.0.1:" + port;
		ManagedProcess server = launch(name, directory, logFile, port, List.of());
		Readiness.await(server, READY_TIMEOUT, () -> ValkeyProbe.reachable(url));
		return server;
	}

	/**
	 * Starts the primaries of a Valkey Cluster without replicas on free ports, creates the cluster over them and
	 * waits until every node reports {@code cluster_state:ok}. The nodes run with
	 * {@code cluster-require-full-coverage no}: while one primary is down, the others keep serving their slots.
	 * @param directory the cluster's folder, one sub-folder per node ({@code 1}, {@code 2}, …); emptied first
	 * @param logDirectory where the nodes' logs go, {@code valkey-<n>.log}
	 * @param primaries how many primaries, at least 3 (the least {@code --cluster create} accepts)
	 * @param started told of each node as soon as its process runs, so that a failed start can stop it
	 * @return the running nodes, recorded as {@code valkey-<n>}, and the {@code redis-cluster://} URL naming them
	 * @throws StackException when the executables are not on the PATH, or the cluster does not form within 90 s
	 */
	public Cluster startCluster(Path directory, Path logDirectory, int primaries, Consumer<ManagedProcess> started) {
		DataDirectories.fresh(directory);
		Path cli = Stream.of("valkey-cli", "redis-cli")
			.map(ProcessLauncher::findOnPath)
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow(() -> new StackException("Neither valkey-cli nor redis-cli is on the PATH; the cluster "
					+ "topology needs one to create the Valkey Cluster (Debian/Ubuntu: sudo apt-get install "
					+ "redis-tools)."));
		List<Integer> ports = FreePorts.allocate(2 * primaries);
		List<ManagedProcess> nodes = new ArrayList<>();
		for (int node = 1; node <= primaries; node++) {
			int port = ports.get(node - 1);
			Path nodeDirectory = DataDirectories.fresh(directory.resolve(Integer.toString(node)));
			ManagedProcess process = launch(NAME + "-" + node, nodeDirectory,
					logDirectory.resolve(NAME + "-" + node + ".log"), port,
					clusterArguments(ports.get(primaries + node - 1)));
			started.accept(process);
			nodes.add(process);
		}
		for (ManagedProcess node : nodes) {
			Readiness.await(node, CLUSTER_READY_TIMEOUT, () -> ValkeyProbe.reachable(String.valueOf(node.url())));
		}
		List<String> create = new ArrayList<>(List.of(cli.toString(), "--cluster", "create"));
		nodes.forEach((node) -> create.add(String.valueOf(node.url()).substring("redis://".length())));
		create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
		this.launcher.run("Creating the Valkey Cluster", create, logDirectory.resolve("valkey-cluster-create.log"),
				CLUSTER_READY_TIMEOUT);
		for (ManagedProcess node : nodes) {
			Readiness.await(node, CLUSTER_READY_TIMEOUT, () -> clusterOk(String.valueOf(node.url())));
		}
		return new Cluster(nodes, ValkeyUrl.CLUSTER_SCHEME + nodes.stream()
			.map((node) -> String.valueOf(node.url()).substring("redis://".length()))
			.collect(Collectors.joining(",")));
	}

	/**
	 * Starts a stopped primary of a cluster {@link #startCluster} created again on its port and folder: its
	 * {@code nodes.conf} makes it the same node, owning the same slots, but empty (it persists nothing). Waits until it
	 * reports {@code cluster_state:ok}.
	 * @param node the stopped node as recorded ({@code valkey-<n>}, its redis:// URL)
	 * @param directory the cluster's folder {@link #startCluster} was given
	 * @param logFile where its log goes; replaced
	 * @return the running node, recorded under the same name
	 * @throws StackException when its {@code nodes.conf} is missing or unreadable, or it does not rejoin within 90 s
	 */
	public ManagedProcess restartClusterNode(ManagedProcess node, Path directory, Path logFile) {
		Path nodeDirectory = directory.resolve(node.name().substring(NAME.length() + 1));
		String url = String.valueOf(node.url());
		int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
		ManagedProcess process = launch(node.name(), nodeDirectory, logFile, port,
				clusterArguments(ClusterNodesFile.busPort(nodeDirectory.resolve("nodes.conf"))));
		Readiness.await(process, CLUSTER_READY_TIMEOUT, () -> clusterOk(url));
		return process;
	}

	private static List<String> clusterArguments(int busPort) {
		return List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-port",
				Integer.toString(busPort), "--cluster-node-timeout", "2000", "--cluster-require-full-coverage", "no");
	}

	private ManagedProcess launch(String name, Path directory, Path logFile, int port, List<String> extra) {
		Path executable = Stream.of("valkey-server", "redis-server")
			.map(ProcessLauncher::findOnPath)
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow(() -> new StackException("No Valkey is reachable at the configured URL and neither "
					+ "valkey-server nor redis-server is on the PATH. Install one (Debian/Ubuntu: "
					+ "sudo apt-get install redis-server, or valkey-server where packaged), or start a Valkey and "
					+ "point MINITICKETS_VALKEY_URL at it."));
		List<String> command = new ArrayList<>(List.of(executable.toString(), "--port", Integer.toString(port),
				"--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory.toString(),
				"--daemonize", "no"));
		command.addAll(extra);
		return this.launcher.start(name, ProcessKind.INFRASTRUCTURE, command, Map.of(), logFile,
				"redis://127.0.0.1:" + port, null);
	}

	private static boolean clusterOk(String url) {
		try {
			return ValkeyProbe.call(url, RedisClusterCommands::clusterInfo).contains("cluster_state:ok");
		}
		catch (RedisException ex) {
			return false;
		}
	}

	/**
	 * A started Valkey Cluster.
	 *
	 * @param nodes its primaries, node 1 first
	 * @param url the {@code redis-cluster://} URL the services take
	 */
	public record Cluster(List<ManagedProcess> nodes, String url) {

		public Cluster {
			nodes = List.copyOf(nodes);
		}

	}

}
