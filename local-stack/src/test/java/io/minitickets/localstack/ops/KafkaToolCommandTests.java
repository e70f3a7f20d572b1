package io.minitickets.localstack.ops;

import java.util.List;

import io.minitickets.localstack.MiniTicketsCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import static org.assertj.core.api.Assertions.assertThat;

class KafkaToolCommandTests {

	private static final String GROUPS = KafkaToolCommand.TOOLS.get("consumer-groups");

	@Test
	void pointsTheToolAtTheStacksBrokerUnlessOneIsGiven() {
		assertThat(KafkaToolCommand.command(GROUPS, List.of("--list"), "127.0.0.1:40001")).endsWith(GROUPS,
				"--bootstrap-server", "127.0.0.1:40001", "--list");
		assertThat(KafkaToolCommand.command(GROUPS, List.of("--bootstrap-server", "kafka:9092", "--list"),
				"127.0.0.1:40001"))
			.endsWith(GROUPS, "--bootstrap-server", "kafka:9092", "--list");
		assertThat(KafkaToolCommand.command(GROUPS, List.of("--list"), null)).endsWith(GROUPS, "--list");
	}

	@Test
	void offersTheConsoleProducerBesideTheOtherToolsEachOnTheClasspath() throws Exception {
		assertThat(KafkaToolCommand.TOOLS).containsEntry("console-producer", "org.apache.kafka.tools.ConsoleProducer")
			.containsKeys("consumer-groups", "console-consumer", "topics");
		for (String mainClass : KafkaToolCommand.TOOLS.values()) {
			assertThat(Class.forName(mainClass).getMethod("main", String[].class)).isNotNull();
		}
	}

	@Test
	void passesEveryArgumentOfOpsAndKafkaThroughInOrder() {
		CommandLine commandLine = new CommandLine(new MiniTicketsCommand());

		ParseResult ops = commandLine.parseArgs("ops", "replay", "--topic", "bookings.requested", "--execute",
				"--help");
		ParseResult kafka = new CommandLine(new MiniTicketsCommand()).parseArgs("kafka", "consumer-groups", "--group",
				"booking-worker", "--reset-offsets", "--to-datetime", "2026-11-29T09:00:00.000", "--dry-run");

		assertThat(ops.subcommand().unmatched()).containsExactly("replay", "--topic", "bookings.requested",
				"--execute", "--help");
		assertThat(kafka.subcommand().unmatched()).containsExactly("--group", "booking-worker", "--reset-offsets",
				"--to-datetime", "2026-11-29T09:00:00.000", "--dry-run");
	}

}
