package io.minitickets.localstack.ops;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * {@code minitickets kafka TOOL …}: Kafka's own operator tools (the jars local-stack ships in {@code target/lib}),
 * pointed at the local stack's broker unless {@code --bootstrap-server} is given.
 */
@Command(name = "kafka",
		description = { "Runs one of Kafka's own tools against the local stack's broker: consumer-groups "
				+ "(kafka-consumer-groups: offsets, lag, --reset-offsets), console-consumer, console-producer (one "
				+ "record per line read from standard input), topics.",
				"Example: ./minitickets kafka consumer-groups --group booking-worker --topic bookings.requested "
						+ "--reset-offsets --to-datetime 2026-11-29T09:00:00.000 --dry-run" })
public final class KafkaToolCommand implements Callable<Integer> {

	/** Tool name → Kafka's main class (public for the runbook test, which runs the documented commands). */
	public static final Map<String, String> TOOLS = Map.of("consumer-groups",
			"org.apache.kafka.tools.consumer.group.ConsumerGroupCommand", "console-consumer",
			"org.apache.kafka.tools.consumer.ConsoleConsumer", "console-producer",
			"org.apache.kafka.tools.ConsoleProducer", "topics", "org.apache.kafka.tools.TopicCommand");

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Parameters(index = "0", paramLabel = "TOOL",
			description = "consumer-groups, console-consumer, console-producer or topics.")
	private String tool = "";

	@Unmatched
	private List<String> arguments = new ArrayList<>();

	@Override
	public Integer call() throws IOException, InterruptedException {
		String mainClass = TOOLS.get(this.tool);
		if (mainClass == null) {
			throw new StackException("unknown Kafka tool '" + this.tool + "': one of " + TOOLS.keySet());
		}
		Optional<StackState> stack = new StateStore(this.state.resolve()).load();
		List<String> command = command(mainClass, this.arguments,
				stack.map(StackState::kafkaBootstrapServers).orElse(null));
		return new ProcessBuilder(command).inheritIO().start().waitFor();
	}

	/**
	 * The tool's command line: {@code java -cp <this command's classpath> MAIN args} (local-stack's jar first, so its
	 * logback.xml keeps the Kafka clients' INFO chatter out; Kafka's jars from {@code local-stack/target/lib}), with
	 * the stack's broker added as {@code --bootstrap-server} when the arguments name none.
	 * @param mainClass Kafka's main class for the tool
	 * @param arguments the operator's arguments
	 * @param bootstrapServers the stack's broker; null when no stack is recorded
	 * @return the command
	 */
	static List<String> command(String mainClass, List<String> arguments, @Nullable String bootstrapServers) {
		List<String> command = new ArrayList<>(List.of(ProcessLauncher.java(), "-cp", ProcessLauncher.classpath(),
				mainClass));
		if (bootstrapServers != null && !arguments.contains("--bootstrap-server") && arguments.stream()
			.noneMatch((argument) -> argument.startsWith("--bootstrap-server="))) {
			command.add("--bootstrap-server");
			command.add(bootstrapServers);
		}
		command.addAll(arguments);
		return command;
	}

}
