package io.minitickets.localstack.stack;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * Everything a running stack is made of, written to its state file as JSON after every step of {@code up}, so that
 * {@code down} can stop whatever was started, even after a failed or interrupted {@code up}.
 *
 * @param stackId a random id, unique per {@code up}; it names the stack's database and Valkey key prefix
 * @param createdAt when {@code up} began
 * @param jwtSecret the key api-service signs access tokens with; the demo mints user tokens with it
 * @param adminEmail the bootstrap admin's email
 * @param adminPassword the bootstrap admin's password
 * @param paymentApiKey the API key the payment simulator requires ({@code sk_test_…}); api-service will use it
 * @param paymentWebhookSecret the secret the payment simulator signs webhooks with ({@code whsec_…}); api-service
 * will verify with it
 * @param kafkaBootstrapServers {@code host:port} of the Kafka broker; null until it runs
 * @param postgres the stack's database; null until it exists
 * @param valkey the stack's Valkey; null until it is chosen
 * @param processes the processes started so far, in start order
 */
public record StackState(String stackId, Instant createdAt, String jwtSecret, String adminEmail, String adminPassword,
		String paymentApiKey, String paymentWebhookSecret, @Nullable String kafkaBootstrapServers,
		@Nullable PostgresEndpoint postgres, @Nullable ValkeyEndpoint valkey,
		List<ManagedProcess> processes) {

	private static final SecureRandom RANDOM = new SecureRandom();

	public StackState {
		processes = List.copyOf(processes);
	}

	/**
	 * A new stack with a random id, a random JWT signing key, a random payment API key and webhook secret and, unless
	 * one is given, a random admin password.
	 * @param adminEmail the bootstrap admin's email
	 * @param adminPassword the bootstrap admin's password; null to generate one
	 * @return the state of a stack with nothing started yet
	 */
	public static StackState fresh(String adminEmail, @Nullable String adminPassword) {
		String password = (adminPassword != null) ? adminPassword : randomText(12);
		return new StackState(HexFormat.of().formatHex(randomBytes(4)), Instant.now(), randomText(48), adminEmail,
				password, "sk_test_" + randomText(24), "whsec_" + randomText(32), null, null, null, List.of());
	}

	/**
	 * @param process a process just started
	 * @return this state with the process appended
	 */
	public StackState withProcess(ManagedProcess process) {
		List<ManagedProcess> all = new ArrayList<>(this.processes);
		all.add(process);
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				this.kafkaBootstrapServers, this.postgres, this.valkey, all);
	}

	/**
	 * @param process a process just started again under a recorded name
	 * @return this state with the process of that name replaced where it was, or appended when there was none
	 */
	public StackState withRestarted(ManagedProcess process) {
		if (process(process.name()).isEmpty()) {
			return withProcess(process);
		}
		List<ManagedProcess> all = this.processes.stream()
			.map((recorded) -> recorded.name().equals(process.name()) ? process : recorded)
			.toList();
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				this.kafkaBootstrapServers, this.postgres, this.valkey, all);
	}

	/**
	 * @param name the name of a process that was stopped
	 * @return this state without that process
	 */
	public StackState withoutProcess(String name) {
		List<ManagedProcess> rest = this.processes.stream().filter((process) -> !process.name().equals(name)).toList();
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				this.kafkaBootstrapServers, this.postgres, this.valkey, rest);
	}

	/**
	 * @param bootstrapServers {@code host:port} of the running broker
	 * @return this state with Kafka set
	 */
	public StackState withKafka(String bootstrapServers) {
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				bootstrapServers, this.postgres, this.valkey, this.processes);
	}

	/**
	 * @param database the stack's database, created
	 * @return this state with Postgres set
	 */
	public StackState withPostgres(PostgresEndpoint database) {
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				this.kafkaBootstrapServers, database, this.valkey, this.processes);
	}

	/**
	 * @param endpoint the stack's Valkey, reachable
	 * @return this state with Valkey set
	 */
	public StackState withValkey(ValkeyEndpoint endpoint) {
		return new StackState(this.stackId, this.createdAt, this.jwtSecret, this.adminEmail, this.adminPassword,
				this.paymentApiKey, this.paymentWebhookSecret,
				this.kafkaBootstrapServers, this.postgres, endpoint, this.processes);
	}

	/**
	 * @param name a process name, for example {@code api-service}
	 * @return the recorded process of that name, or empty when there is none
	 */
	public Optional<ManagedProcess> process(String name) {
		return this.processes.stream().filter((process) -> process.name().equals(name)).findFirst();
	}

	/**
	 * The stack's database, for a command that cannot go on without it.
	 * @return the recorded Postgres
	 * @throws StackException when the state records none (the stack was never started)
	 */
	public PostgresEndpoint requirePostgres() {
		if (this.postgres == null) {
			throw new StackException("The stack has no Postgres database recorded");
		}
		return this.postgres;
	}

	/**
	 * @return true when at least one recorded process still runs
	 */
	public boolean anyRunning() {
		return this.processes.stream().anyMatch(ManagedProcess::running);
	}

	private static byte[] randomBytes(int length) {
		byte[] bytes = new byte[length];
		RANDOM.nextBytes(bytes);
		return bytes;
	}

	private static String randomText(int bytes) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(bytes));
	}

}
