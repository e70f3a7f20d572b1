package io.minitickets.localstack.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.core.text.TerminalText;

/**
 * How a stack is described to its user: where each part is reached, and the admin's credentials.
 */
public final class StackSummary {

	private StackSummary() {
	}

	/**
	 * @param state the stack
	 * @param stateDirectory its state folder
	 * @return one line per part, label and value aligned
	 */
	public static String render(StackState state, Path stateDirectory) {
		List<String> lines = new ArrayList<>();
		state.process(Service.API_SERVICE.module()).ifPresent((api) -> {
			lines.add(line("API", api.url() + "   (health " + api.healthUrl() + ")"));
			if (api.healthUrl() != null) {
				lines.add(line("sale-day board", api.healthUrl().replace("/actuator/health", "/board/")
						+ "   (log in as the admin)"));
			}
		});
		for (ManagedProcess process : state.processes()) {
			if (process.name().equals(Service.PAYMENT_SIMULATOR.module())) {
				lines.add(line("payment simulator", process.url() + "   (Stripe API /v1, control API /sim, health "
						+ process.healthUrl() + ")"));
			}
			else if (process.kind() == ProcessKind.SERVICE && !process.name().equals(Service.API_SERVICE.module())) {
				lines.add(line(process.name(), "health " + process.healthUrl()));
			}
		}
		if (state.kafkaBootstrapServers() != null) {
			lines.add(line("Kafka bootstrap", state.kafkaBootstrapServers()));
		}
		PostgresEndpoint postgres = state.postgres();
		if (postgres != null) {
			lines.add(line("Postgres", postgres.jdbcUrl() + "   (user " + postgres.username() + ", "
					+ (postgres.shared() ? "shared server" : "embedded server") + ")"));
		}
		ValkeyEndpoint valkey = state.valkey();
		if (valkey != null) {
			lines.add(line("Valkey", valkey.url() + (valkey.shared()
					? "   (shared server, key prefix " + valkey.keyPrefix() + ")" : "   (started server)")));
		}
		lines.add(line("admin", state.adminEmail() + " / " + state.adminPassword()));
		lines.add(line("logs", stateDirectory.resolve("logs").toString()));
		return String.join("\n", lines);
	}

	private static String line(String label, String value) {
		return TerminalText.format("  %-17s %s", label, value);
	}

}
