package io.minitickets.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.localstack.ops.KafkaToolCommand;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The runbook cannot rot: every command in docs/OPERATIONS.md (each must be {@code ./minitickets ops …} or
 * {@code ./minitickets kafka …}) runs, in the order written, against a sale with a dead letter, and exits 0; the offset reset is
 * run with the worker stopped, as the runbook says. Afterwards nothing the sale settled has changed. A context of its
 * own (its own broker and database): the commands act on whole topics.
 */
@TestPropertySource(properties = "minitickets.ops.test=runbook")
class RunbookCommandsIntegrationTests extends OpsIntegrationTestSupport {

	private static final Path RUNBOOK = Path.of("..", "docs", "OPERATIONS.md");

	/** The booking listener's container id in the worker. */
	private static final String LISTENER_ID = "booking-worker";

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Test
	void everyOpsAndKafkaCommandOfTheRunbookRunsAndChangesNoSettledBooking() throws Exception {
		List<String> commands = commands(Files.readString(RUNBOOK));
		assertThat(commands).as("documented commands")
			.anyMatch((command) -> command.startsWith("./minitickets ops status"))
			.anyMatch((command) -> command.startsWith("./minitickets ops replay --topic bookings.requested")
					&& command.endsWith("--execute"))
			.anyMatch((command) -> command.startsWith("./minitickets ops replay --exception")
					&& command.endsWith("--execute"))
			.anyMatch((command) -> command.contains("consumer-groups") && command.contains("--reset-offsets")
					&& command.contains("--dry-run"))
			.anyMatch((command) -> command.startsWith("./minitickets ops reconcile"))
			.anyMatch((command) -> command.startsWith("./minitickets ops queue status"));
		long eventId = createEvent(10);
		// a waiting room (issue 18), so that the runbook's ops queue commands have one to act on
		this.jdbc.update("""
				update events set waiting_room_enabled = true, admission_mode = 'fixed', admission_per_second = 50,
				                  admitted_for_seconds = 600 where id = ?""", eventId);
		String key = Long.toString(eventId);
		publish(List.of(request(eventId, 1, false), request(eventId, 2, false), request(eventId, 1, false)));
		publishRaw(new ProducerRecord<>(BookingTopics.REQUESTED, key, "not a booking".getBytes(StandardCharsets.UTF_8)));
		awaitBookings(eventId, 3);
		await().atMost(TIMEOUT).until(() -> recordsWithKey(BookingTopics.REQUESTED_DLT, key) == 1);
		awaitAllConsumed();
		var settled = bookingRows(eventId);

		StringBuilder transcript = new StringBuilder();
		for (String command : commands) {
			List<String> words = words(command.replace("\"$EVENT\"", key).replace("$EVENT", key));
			if (words.get(1).equals("ops")) {
				Run run = ops(words.subList(2, words.size()).toArray(String[]::new));
				transcript.append(command).append('\n').append(run).append('\n');
				assertThat(run.exit()).as(command + "\n" + run).isZero();
			}
			else {
				assertThat(kafka(words.get(2), words.subList(3, words.size()))).as(command).isZero();
			}
		}
		startWorker();
		awaitAllConsumed();

		assertThat(this.jdbc.queryForObject("select sum(published) from ops_audit where filters like 'exception=%'",
				Integer.class)).as("dead letters redriven by the runbook's --exception filter; dead_letters: %s%n%s",
						this.jdbc.queryForList("select * from dead_letters"), transcript)
			.isPositive();
		assertThat(bookingRows(eventId)).isEqualTo(settled);
		assertThat(seatsSold(eventId)).isEqualTo(4);
		assertThat(recordsWithKey(BookingTopics.REQUESTED_DLT, key)).isEqualTo(1);
	}

	/**
	 * The commands of the runbook's bash blocks, continuation lines joined; every one must be a
	 * {@code ./minitickets ops|kafka} command, so that none goes unrun.
	 */
	private static List<String> commands(String markdown) {
		List<String> commands = new ArrayList<>();
		boolean inBash = false;
		StringBuilder current = new StringBuilder();
		for (String line : markdown.split("\n")) {
			if (line.startsWith("```")) {
				inBash = line.equals("```bash");
				continue;
			}
			if (!inBash) {
				continue;
			}
			String code = line.replaceAll("\\s+#.*$", "").strip();
			if (code.startsWith("#")) {
				continue;
			}
			current.append(code.endsWith("\\") ? code.substring(0, code.length() - 1) + " " : code);
			if (!code.endsWith("\\")) {
				String command = current.toString().strip();
				if (command.startsWith("./minitickets ops ") || command.startsWith("./minitickets kafka ")) {
					commands.add(command);
				}
				else if (!command.isEmpty()) {
					throw new AssertionError("the runbook's command '" + command + "' is not one this test can run: "
							+ "write it as ./minitickets ops|kafka, or outside a bash block");
				}
				current.setLength(0);
			}
		}
		return commands;
	}

	private static List<String> words(String command) {
		List<String> words = new ArrayList<>();
		for (String word : command.split("\\s+")) {
			words.add(word.replace("\"", ""));
		}
		return words;
	}

	/**
	 * Runs Kafka's tool as {@code ./minitickets kafka} does, in a JVM of its own. As the runbook says, the workers
	 * are stopped before an offset reset and started again after it is executed.
	 */
	private int kafka(String tool, List<String> arguments) throws IOException, InterruptedException {
		if (arguments.contains("--reset-offsets")) {
			stopWorker();
		}
		String mainClass = KafkaToolCommand.TOOLS.get(tool);
		assertThat(mainClass).as("Kafka tool " + tool).isNotNull();
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
			.toString(), "-cp", System.getProperty("java.class.path"), mainClass, "--bootstrap-server",
				bootstrapServers()));
		command.addAll(arguments);
		Path output = Files.createTempFile("runbook-" + tool, ".log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
		assertThat(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
		if (arguments.contains("--reset-offsets") && arguments.contains("--execute")) {
			startWorker();
		}
		if (process.exitValue() != 0) {
			System.err.println(Files.readString(output));
		}
		Files.delete(output);
		return process.exitValue();
	}

	private void stopWorker() {
		MessageListenerContainer container = this.listeners.getListenerContainer(LISTENER_ID);
		assertThat(container).isNotNull();
		container.stop();
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			await().atMost(TIMEOUT)
				.until(() -> admin.describeConsumerGroups(List.of(BookingTopics.WORKER_GROUP))
					.all()
					.get()
					.get(BookingTopics.WORKER_GROUP)
					.groupState() == GroupState.EMPTY);
		}
	}

	private void startWorker() {
		MessageListenerContainer container = this.listeners.getListenerContainer(LISTENER_ID);
		if (container != null && !container.isRunning()) {
			container.start();
		}
	}

}
