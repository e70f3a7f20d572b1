package io.minitickets.localstack.stack;

import java.util.Locale;

import io.minitickets.localstack.kafka.KafkaBroker;

/**
 * How many of each part a stack runs: one of everything on the machine's Postgres and Valkey, or a scaled-out stack
 * (three Kafka brokers, a Valkey Cluster of three primaries, two instances of each service) on one machine.
 */
public enum Topology {

	/** One KRaft broker, the configured Valkey (or one started), one instance of each service. */
	SINGLE(1, 0, 1),

	/**
	 * Three KRaft brokers, each also a controller (replication factor 3, {@code min.insync.replicas=2}), a Valkey
	 * Cluster of three primaries without replicas, and two instances of each service.
	 */
	CLUSTER(3, 3, 2);

	private final int kafkaBrokers;

	private final int valkeyPrimaries;

	private final int instances;

	Topology(int kafkaBrokers, int valkeyPrimaries, int instances) {
		this.kafkaBrokers = kafkaBrokers;
		this.valkeyPrimaries = valkeyPrimaries;
		this.instances = instances;
	}

	/**
	 * @param name {@code single} or {@code cluster}, in any case
	 * @return the topology
	 * @throws IllegalArgumentException naming the choices when it is neither
	 */
	public static Topology of(String name) {
		try {
			return valueOf(name.strip().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("Unknown topology '" + name + "'; choose single or cluster", ex);
		}
	}

	/**
	 * The topology a recorded stack was started in, told by its processes' names.
	 * @param state a recorded stack
	 * @return CLUSTER when its Kafka brokers are numbered ({@code kafka-1}, …), else SINGLE
	 */
	public static Topology recordedIn(StackState state) {
		return state.processes().stream().anyMatch((process) -> process.name().equals(KafkaBroker.NAME + "-1"))
				? CLUSTER : SINGLE;
	}

	/**
	 * @return how many Kafka brokers run, each also a KRaft controller
	 */
	public int kafkaBrokers() {
		return this.kafkaBrokers;
	}

	/**
	 * @return how many Valkey Cluster primaries the stack starts; 0 for one plain Valkey (the configured one, or one
	 * started when none answers)
	 */
	public int valkeyPrimaries() {
		return this.valkeyPrimaries;
	}

	/**
	 * @return how many instances of each service run
	 */
	public int instances() {
		return this.instances;
	}

	/**
	 * The name the n-th instance of a service is recorded under: the first keeps the module's name, so that commands
	 * that use "the" api-service find it.
	 * @param service the service
	 * @param instance 1 for the first
	 * @return {@code api-service}, {@code api-service-2}, …
	 */
	public static String instanceName(Service service, int instance) {
		return (instance == 1) ? service.module() : service.module() + "-" + instance;
	}

	@Override
	public String toString() {
		return name().toLowerCase(Locale.ROOT);
	}

}
