package io.minitickets.localstack.stack;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.postgres.EmbeddedPostgresServer;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * What {@code up} starts again in a recorded stack: every process it started that no longer runs. The embedded
 * Postgres counts as one part (its JVM and the Postgres server that JVM started go down and up together).
 *
 * @param kafka whether the Kafka broker ended
 * @param embeddedPostgres whether the embedded Postgres's JVM or its server process ended
 * @param valkey whether the started Valkey server ended
 * @param services the services that ended, in start order (api-service first)
 * @param forgotten ended processes that {@code up} does not start (for example the demo's second api-service): they
 * are dropped from the state file rather than restarted
 */
record RestartPlan(boolean kafka, boolean embeddedPostgres, boolean valkey, List<Service> services,
		List<String> forgotten) {

	RestartPlan {
		services = List.copyOf(services);
		forgotten = List.copyOf(forgotten);
	}

	/**
	 * Decides what to restart.
	 * @param state the recorded stack
	 * @param running answers whether a recorded process still runs (in {@code up}: {@link ManagedProcess#running})
	 * @return the plan; {@link #restartsNothing()} when every process {@code up} started runs
	 */
	static RestartPlan of(StackState state, Predicate<ManagedProcess> running) {
		Set<String> ended = state.processes()
			.stream()
			.filter(running.negate())
			.map(ManagedProcess::name)
			.collect(Collectors.toSet());
		boolean postgres = state.process(EmbeddedPostgresServer.NAME).isPresent()
				&& (ended.contains(EmbeddedPostgresServer.NAME) || ended.contains(EmbeddedPostgresServer.SERVER_NAME));
		List<Service> services = Stream.of(Service.values()).filter((service) -> ended.contains(service.module()))
			.toList();
		Set<String> startedByUp = Stream
			.concat(Stream.of(KafkaBroker.NAME, EmbeddedPostgresServer.NAME, EmbeddedPostgresServer.SERVER_NAME,
					ValkeyServer.NAME), Stream.of(Service.values()).map(Service::module))
			.collect(Collectors.toSet());
		List<String> forgotten = state.processes()
			.stream()
			.map(ManagedProcess::name)
			.filter((name) -> ended.contains(name) && !startedByUp.contains(name))
			.toList();
		return new RestartPlan(ended.contains(KafkaBroker.NAME), postgres, ended.contains(ValkeyServer.NAME), services,
				forgotten);
	}

	/**
	 * @return true when every process {@code up} started still runs
	 */
	boolean restartsNothing() {
		return restarted().isEmpty();
	}

	/**
	 * @return the names of the parts to restart, infrastructure first, for example {@code [kafka, booking-worker]}
	 */
	List<String> restarted() {
		List<String> names = new ArrayList<>();
		if (this.kafka) {
			names.add(KafkaBroker.NAME);
		}
		if (this.embeddedPostgres) {
			names.add(EmbeddedPostgresServer.NAME);
		}
		if (this.valkey) {
			names.add(ValkeyServer.NAME);
		}
		this.services.forEach((service) -> names.add(service.module()));
		return names;
	}

}
