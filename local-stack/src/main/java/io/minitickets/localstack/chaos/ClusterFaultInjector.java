package io.minitickets.localstack.chaos;

import java.util.List;
import java.util.Map;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.Topology;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * The kill cases of a run on the cluster topology, each the cluster's reading of a {@link FaultKind}: SIGKILL of one
 * Kafka node of three, of one Valkey primary of three, of one booking-worker of two, of one api-service of two; and
 * the killed process started again where it was.
 */
public final class ClusterFaultInjector {

	/** The faults the cluster topology runs, in run order. */
	public static final List<FaultKind> FAULTS = List.of(FaultKind.KAFKA_RESTART, FaultKind.VALKEY_RESTART,
			FaultKind.WORKER_KILL, FaultKind.API_KILL);

	private static final Map<FaultKind, String> VICTIMS = Map.of(FaultKind.KAFKA_RESTART, KafkaBroker.NAME + "-2",
			FaultKind.VALKEY_RESTART, ValkeyServer.NAME + "-2", FaultKind.WORKER_KILL,
			Topology.instanceName(Service.BOOKING_WORKER, 2), FaultKind.API_KILL,
			Topology.instanceName(Service.API_SERVICE, 2));

	private final ClusterChaosStack stack;

	/**
	 * @param stack the run's stack
	 */
	public ClusterFaultInjector(ClusterChaosStack stack) {
		this.stack = stack;
	}

	/**
	 * @param labels comma-separated labels, or {@code all}
	 * @return the cluster's faults among them, in run order
	 * @throws IllegalArgumentException naming an unknown label or a fault the cluster topology does not run
	 */
	public static List<FaultKind> parse(String labels) {
		if (labels.isBlank() || labels.equals("all")) {
			return FAULTS;
		}
		List<FaultKind> faults = FaultKind.parse(labels);
		faults.forEach(ClusterFaultInjector::victim);
		return FAULTS.stream().filter(faults::contains).toList();
	}

	/**
	 * @param fault one of {@link #FAULTS}
	 * @return the process it kills: {@code kafka-2}, {@code valkey-2}, {@code booking-worker-2} or
	 * {@code api-service-2}
	 * @throws IllegalArgumentException for a fault the cluster topology does not run
	 */
	public static String victim(FaultKind fault) {
		String victim = VICTIMS.get(fault);
		if (victim == null) {
			throw new IllegalArgumentException("The cluster topology runs " + String.join(", ",
					FAULTS.stream().map(FaultKind::label).toList()) + "; not " + fault.label());
		}
		return victim;
	}

	/**
	 * SIGKILL of the fault's victim; waits until it ended (at most 20 s).
	 * @param fault one of {@link #FAULTS}
	 * @throws io.minitickets.localstack.stack.StackException when it did not end
	 */
	public void kill(FaultKind fault) {
		this.stack.kill(victim(fault));
	}

	/**
	 * Starts the fault's victim again where it was and waits until it serves.
	 * @param fault one of {@link #FAULTS}
	 * @throws io.minitickets.localstack.stack.StackException when it does not come back
	 */
	public void recover(FaultKind fault) {
		this.stack.restart(victim(fault));
	}

}
