package io.minitickets.loadtests.chaos;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.localstack.chaos.ClusterFaultInjector;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.chaos.WorkerGroupWatch;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.Topology;

/**
 * One phase of a run on the cluster topology: a {@link SaleLoad} on each api-service instance (the requests spread
 * over both), 2 s of it, then the fault's process killed with SIGKILL; the load goes on for 5 s (a worker kill: until
 * the other worker holds every partition, then 2 s more), is stopped, and the process is started again. Then waits
 * until the phase is quiet (every 202 settled, the gate repaired) and checks its invariants. The requests sent after
 * the kill are counted apart: the 202s among them show that the rest of the cluster kept selling.
 */
final class ClusterPhase {

	/** Events put on sale per phase. */
	static final int EVENTS = 2;

	/** Seats of each: more than the phase's load books, so that 202s keep coming while the process is down. */
	static final int SEATS_PER_EVENT = 500;

	private static final int CLIENTS_PER_INSTANCE = 4;

	private static final Duration BEFORE_KILL = Duration.ofSeconds(2);

	private static final Duration OUTAGE = Duration.ofSeconds(5);

	private static final Duration HANDOVER_WAIT = Duration.ofSeconds(60);

	private static final Duration AFTER_HANDOVER = Duration.ofSeconds(2);

	private static final Duration GROUP_TIMEOUT = Duration.ofSeconds(120);

	private final List<SaleLoad> loads;

	private final ClusterFaultInjector injector;

	private final WorkerGroupWatch group;

	private final Quiescence quiescence;

	private final PrintStream out;

	/**
	 * @param apis one client per api-service instance, the first first
	 * @param tokens Bearer tokens of the users who book
	 * @param injector kills and restarts
	 * @param group watches the workers' consumer group
	 * @param quiescence waits until the stack is quiet
	 * @param out where progress is printed
	 */
	ClusterPhase(List<ApiClient> apis, List<String> tokens, ClusterFaultInjector injector, WorkerGroupWatch group,
			Quiescence quiescence, PrintStream out) {
		this.loads = apis.stream().map((api) -> new SaleLoad(api, tokens, CLIENTS_PER_INSTANCE)).toList();
		this.injector = injector;
		this.group = group;
		this.quiescence = quiescence;
		this.out = out;
	}

	/**
	 * Runs the phase.
	 * @param fault one of {@link ClusterFaultInjector#FAULTS}
	 * @param round which round, from 1
	 * @param events the events on sale, fresh
	 * @param seed seeds the load's choices
	 * @return the phase's answers and row
	 * @throws StackException when the workers do not both hold partitions before a worker kill, or the killed
	 * process does not come back
	 */
	Result run(FaultKind fault, int round, List<Long> events, long seed) {
		int workers = Topology.CLUSTER.instances();
		if (fault == FaultKind.WORKER_KILL && !this.group.awaitMembers(workers, GROUP_TIMEOUT)) {
			throw new StackException("The " + workers + " workers did not share the partitions within "
					+ GROUP_TIMEOUT.toSeconds() + " s");
		}
		String victim = ClusterFaultInjector.victim(fault);
		this.out.printf("  %s round %d: load on events %s over %d api-service instances, %s killed after %d s%n",
				fault.label(), round, events, this.loads.size(), victim, BEFORE_KILL.toSeconds());
		long loadStartedAt = System.nanoTime();
		List<SaleLoad.Running> before = start(fault, events, seed);
		ProcessWaits.pause(BEFORE_KILL);
		long killedAt = System.nanoTime();
		this.injector.kill(fault);
		List<SaleLoad.Running> during = start(fault, events, ~seed);
		List<List<Answer>> beforeAnswers = stop(before);
		Duration handover = null;
		if (fault == FaultKind.WORKER_KILL) {
			handover = this.group.awaitHandover(workers - 1, killedAt, HANDOVER_WAIT).orElse(null);
			this.out.println("    handover: " + ((handover != null) ? handover.toMillis() + " ms" : "none within "
					+ HANDOVER_WAIT.toSeconds() + " s"));
			ProcessWaits.pause(AFTER_HANDOVER);
		}
		else {
			ProcessWaits.pause(OUTAGE);
		}
		List<List<Answer>> duringAnswers = stop(during);
		Duration load = Duration.ofNanos(System.nanoTime() - loadStartedAt);
		this.out.println("    starting " + victim + " again...");
		this.injector.recover(fault);
		return check(fault, round, events, beforeAnswers, duringAnswers, handover, load);
	}

	private Result check(FaultKind fault, int round, List<Long> events, List<List<Answer>> before,
			List<List<Answer>> during, @Nullable Duration handover, Duration load) {
		List<List<Answer>> byInstance = new ArrayList<>();
		for (int instance = 0; instance < before.size(); instance++) {
			List<Answer> answers = new ArrayList<>(before.get(instance));
			answers.addAll(during.get(instance));
			byInstance.add(answers);
		}
		List<Answer> all = byInstance.stream().flatMap(List::stream).toList();
		Set<String> lost = Set.copyOf(this.quiescence.awaitSettled(
				all.stream().filter(Answer::accepted).map(Answer::bookingId).map(String::valueOf).toList()));
		List<EventFacts> facts = this.quiescence.awaitGateRepaired()
			.stream()
			.filter((event) -> events.contains(event.eventId()))
			.toList();
		ClusterFaultRow row = ClusterFaultRow.of(fault, round, byInstance,
				during.stream().flatMap(List::stream).toList(), facts, lost, handover, load);
		this.out.printf("    %d requests, %d 202s (%d while down), oversold %d, unsettled %d, settled twice %d, "
				+ "drift %d%n", row.invariants().requests(), row.invariants().accepted(), row.acceptedDuringOutage(),
				row.invariants().oversold(), row.invariants().lost(), row.invariants().doubleSettled(),
				row.invariants().drift());
		return new Result(fault, events, all, row, load);
	}

	private List<SaleLoad.Running> start(FaultKind fault, List<Long> events, long seed) {
		List<SaleLoad.Running> running = new ArrayList<>();
		for (int instance = 0; instance < this.loads.size(); instance++) {
			running.add(this.loads.get(instance).start(fault, events, seed * 17 + instance));
		}
		return running;
	}

	private static List<List<Answer>> stop(List<SaleLoad.Running> running) {
		return running.stream().map(SaleLoad.Running::stop).toList();
	}

	/**
	 * A phase's outcome.
	 *
	 * @param fault its fault
	 * @param events the events it sold
	 * @param answers every answer of its load
	 * @param row its line of the report
	 * @param load how long its load ran
	 */
	record Result(FaultKind fault, List<Long> events, List<Answer> answers, ClusterFaultRow row, Duration load) {

		Result {
			events = List.copyOf(events);
			answers = List.copyOf(answers);
		}

	}

}
