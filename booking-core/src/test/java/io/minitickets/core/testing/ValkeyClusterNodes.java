package io.minitickets.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;
import org.jspecify.annotations.Nullable;

/**
 * A real Valkey Cluster of three primaries and no replicas, run as plain {@code valkey-server} (or, when that is not
 * installed, {@code redis-server}) processes in a temporary directory and joined with {@code redis-cli --cluster create}
 * (or {@code valkey-cli}). Each node runs with {@code cluster-require-full-coverage no}, so that when one primary is
 * gone the other two keep answering for their slots, as production nodes must be configured.
 * <p>
 * Start one per test class and close it after: it kills the processes and deletes the directory.
 */
public final class ValkeyClusterNodes implements AutoCloseable {

	private static final Duration READY = Duration.ofSeconds(30);

	private final Path directory;

	private final List<Integer> ports;

	private final List<Process> processes = new ArrayList<>();

	private ValkeyClusterNodes(Path directory, List<Integer> ports) {
		this.directory = directory;
		this.ports = ports;
	}

	/**
	 * Starts three primaries on free ports, creates the cluster and waits until every node reports
	 * {@code cluster_state:ok}.
	 * @return the running cluster
	 * @throws IllegalStateException when neither valkey-server nor redis-server is installed, or the cluster does not
	 * form within 30 s
	 */
	public static ValkeyClusterNodes start() {
		String server = executable("valkey-server", "redis-server");
		String cli = executable("valkey-cli", "redis-cli");
		ValkeyClusterNodes nodes;
		try {
			nodes = new ValkeyClusterNodes(Files.createTempDirectory("valkey-cluster-"), freePorts(3));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try {
			for (int port : nodes.ports) {
				nodes.processes.add(nodes.startNode(server, port));
			}
			for (int port : nodes.ports) {
				nodes.awaitAnswer(port);
			}
			List<String> create = new ArrayList<>(List.of(cli, "--cluster", "create"));
			nodes.ports.forEach((port) -> create.add("127.0.0.1:" + port));
			create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
			run(nodes.directory, create);
			nodes.awaitClusterOk(nodes.ports);
			return nodes;
		}
		catch (RuntimeException ex) {
			nodes.close();
			throw ex;
		}
	}

	/**
	 * The URL the services take for this cluster.
	 * @return {@code redis-cluster://127.0.0.1:<p1>,127.0.0.1:<p2>,127.0.0.1:<p3>}
	 */
	public String url() {
		return "redis-cluster://"
				+ this.ports.stream().map((port) -> "127.0.0.1:" + port).collect(Collectors.joining(","));
	}

	/**
	 * The port of the primary that serves a key's slot, as the cluster's own view says.
	 * @param key a key; its hash tag decides its slot, as in Valkey
	 * @return the node's port
	 * @throws IllegalStateException when no live node knows a primary for the slot
	 */
	public int portOf(String key) {
		int slot = SlotHash.getSlot(key);
		for (int port : this.ports) {
			String nodes = answer(port, RedisCommands::clusterNodes);
			if (nodes == null) {
				continue;
			}
			for (String line : nodes.lines().toList()) {
				String[] fields = line.split(" ");
				for (int i = 8; i < fields.length; i++) {
					String[] range = fields[i].split("-");
					int from = Integer.parseInt(range[0]);
					int to = (range.length > 1) ? Integer.parseInt(range[1]) : from;
					if (slot >= from && slot <= to) {
						String address = fields[1];
						return Integer.parseInt(address.substring(address.indexOf(':') + 1, address.indexOf('@')));
					}
				}
			}
		}
		throw new IllegalStateException("No node serves slot " + slot);
	}

	/**
	 * Kills one primary at once ({@code SIGKILL}) and waits until the others have marked it failed. Its slots stay
	 * unserved: there is no replica to take them over.
	 * @param port the node's port
	 */
	public void kill(int port) {
		Process process = this.processes.get(this.ports.indexOf(port));
		process.destroyForcibly();
		try {
			process.waitFor(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		List<Integer> others = this.ports.stream().filter((other) -> other != port).toList();
		await("the nodes to mark " + port + " failed",
				() -> others.stream().allMatch((other) -> isMarkedFailed(nodesLine(other, port))));
	}

	@Override
	public void close() {
		this.processes.forEach(Process::destroyForcibly);
		for (Process process : this.processes) {
			try {
				process.waitFor(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		try (Stream<Path> files = Files.walk(this.directory)) {
			files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// A leftover temporary directory harms nothing.
		}
	}

	private Process startNode(String server, int port) {
		Path nodeDirectory = this.directory.resolve(Integer.toString(port));
		try {
			Files.createDirectories(nodeDirectory);
			return new ProcessBuilder(server, "--port", Integer.toString(port), "--bind", "127.0.0.1",
					"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "1000",
					"--cluster-require-full-coverage", "no", "--save", "", "--appendonly", "no", "--dir",
					nodeDirectory.toString())
				.redirectErrorStream(true)
				.redirectOutput(nodeDirectory.resolve("server.log").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start " + server, ex);
		}
	}

	private void awaitAnswer(int port) {
		await("PING on " + port, () -> answer(port, RedisCommands::ping) != null);
	}

	private void awaitClusterOk(List<Integer> nodes) {
		await("cluster_state:ok on every node", () -> nodes.stream().allMatch((port) -> {
			String info = answer(port, RedisCommands::clusterInfo);
			return info != null && info.contains("cluster_state:ok");
		}));
	}

	private static boolean isMarkedFailed(String nodesLine) {
		String[] fields = nodesLine.split(" ");
		return fields.length > 2 && List.of(fields[2].split(",")).contains("fail");
	}

	private String nodesLine(int askedPort, int aboutPort) {
		String nodes = answer(askedPort, RedisCommands::clusterNodes);
		if (nodes == null) {
			return "";
		}
		return nodes.lines().filter((line) -> line.contains(":" + aboutPort + "@")).findFirst().orElse("");
	}

	private static @Nullable String answer(int port, Function<RedisCommands<String, String>, String> command) {
		RedisURI uri = RedisURI.create("redis://127.0.0.1:" + port);
		uri.setTimeout(Duration.ofSeconds(2));
		RedisClient client = RedisClient.create(uri);
		client.setOptions(ClientOptions.builder()
			.autoReconnect(false)
			.socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).build())
			.build());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			return command.apply(connection.sync());
		}
		catch (RedisException ex) {
			return null;
		}
		finally {
			client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
		}
	}

	private static void run(Path directory, List<String> command) {
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void await(String what, BooleanSupplier condition) {
		Instant deadline = Instant.now().plus(READY);
		while (!condition.getAsBoolean()) {
			if (Instant.now().isAfter(deadline)) {
				throw new IllegalStateException("Timed out waiting for " + what);
			}
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	private static String executable(String preferred, String fallback) {
		for (String name : List.of(preferred, fallback)) {
			for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
				if (Files.isExecutable(Path.of(dir, name))) {
					return Path.of(dir, name).toString();
				}
			}
		}
		throw new IllegalStateException("Neither " + preferred + " nor " + fallback + " is on the PATH; the cluster "
				+ "tests run Valkey Cluster nodes as local processes");
	}

	private static List<Integer> freePorts(int count) {
		List<Integer> ports = new ArrayList<>();
		while (ports.size() < count) {
			// A cluster node also listens on its port + 10000 (the cluster bus), so both must be free.
			int port = ThreadLocalRandom.current().nextInt(20000, 30000);
			if (!ports.contains(port) && isFree(port) && isFree(port + 10000)) {
				ports.add(port);
			}
		}
		return ports;
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
