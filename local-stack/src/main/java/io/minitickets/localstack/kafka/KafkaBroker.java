package io.minitickets.localstack.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
 * Runs a real Apache Kafka broker in KRaft mode (broker and controller in one node) as its own JVM process, from the
 * Kafka jars on this module's classpath: formats its storage with {@code kafka.tools.StorageTool}, starts
 * {@code kafka.Kafka} on two free ports and waits until it answers a metadata request.
 */
public final class KafkaBroker {

	/** The name the broker is recorded under in the state file. */
	public static final String NAME = "kafka";

	/** Partitions of topics the broker creates on its own; the services create theirs with the same count. */
	public static final int PARTITIONS = 3;

	private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

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
		int port = Integer.parseInt(bootstrapServers.substring(bootstrapServers.lastIndexOf(':') + 1));
		return launch(directory.resolve("server.properties"), logFile, port);
	}

	private ManagedProcess launch(Path configuration, Path logFile, int port) {
		String bootstrapServers = "127.0.0.1:" + port;
		ManagedProcess broker = this.launcher.start(NAME, ProcessKind.INFRASTRUCTURE,
				List.of(ProcessLauncher.java(), "-Xmx512m", LOGGING, "-cp", this.classpath, "kafka.Kafka",
						configuration.toString()),
				Map.of(), logFile, bootstrapServers, null);
		Readiness.await(broker, READY_TIMEOUT, () -> serves(port, bootstrapServers));
		return broker;
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
