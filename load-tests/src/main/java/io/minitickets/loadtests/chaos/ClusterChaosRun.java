package io.minitickets.loadtests.chaos;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.chaos.ChaosSettings;
import io.minitickets.localstack.chaos.ClusterChaosStack;
import io.minitickets.localstack.chaos.ClusterFaultInjector;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.WorkerGroupWatch;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;

/**
 * A fault-injection run on the cluster topology: starts its own {@code up --topology cluster} stack with the chaos
 * settings, then for each fault, {@code rounds} times, runs a phase ({@link ClusterPhase}: a sale load on both
 * api-service instances, one process killed mid-sale and started again), waits until that phase is quiet and checks
 * its invariants; at the end checks them once more over every phase. Always stops what it started, also on failure or
 * SIGTERM; keeps the processes' logs.
 */
final class ClusterChaosRun {

	private static final int USERS = 48;

	private final ChaosOptions options;

	private final PrintStream out;

	/**
	 * @param options rounds, seed, faults (of {@link ClusterFaultInjector#FAULTS}), folders
	 * @param out where progress and the table are printed
	 */
	ClusterChaosRun(ChaosOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/**
	 * Runs it.
	 * @return the report
	 * @throws StackException when the stack cannot be started or a killed process does not come back
	 */
	ClusterChaosReport run() {
		Path directory = this.options.freshDirectory("chaos-cluster-");
		this.out.printf("Fault-injection run on the cluster topology: seed %d, %d round(s) of %s; state and logs in "
				+ "%s%n", this.options.seed(), this.options.rounds(),
				this.options.faults().stream().map(FaultKind::label).toList(), directory);
		ClusterChaosStack stack = new ClusterChaosStack(this.options.checkout(), directory, ChaosSettings.DEFAULT,
				this.out);
		Thread hook = new Thread(stack::close, "minitickets-chaos-cluster-stop");
		Runtime.getRuntime().addShutdownHook(hook);
		try {
			stack.start();
			return sale(stack);
		}
		finally {
			this.out.println("Stopping the run's stack...");
			stack.close();
			removeHook(hook);
			this.out.println("Logs kept in " + directory.resolve("logs"));
		}
	}

	private ClusterChaosReport sale(ClusterChaosStack stack) {
		StackState state = stack.state();
		HttpClient http = ApiClient.newHttpClient();
		try (http; WorkerGroupWatch group = new WorkerGroupWatch(
				Objects.requireNonNull(state.kafkaBootstrapServers()))) {
			List<URI> apis = stack.urls(Service.API_SERVICE);
			ApiClient first = new ApiClient(http, apis.get(0));
			String admin = first.login(state.adminEmail(), state.adminPassword());
			List<String> tokens = new BulkUsers(Objects.requireNonNull(state.postgres()), state.jwtSecret(),
					Duration.ofHours(1))
				.create("chaos-cluster-" + this.options.seed(), USERS)
				.stream()
				.map(LoadUser::token)
				.toList();
			Inspector inspector = Inspector.of(state);
			ClusterPhase phase = new ClusterPhase(apis.stream().map((api) -> new ApiClient(http, api)).toList(),
					tokens, new ClusterFaultInjector(stack), group, new Quiescence(inspector, ChaosSettings.DEFAULT),
					this.out);
			Random random = new Random(this.options.seed());
			List<ClusterPhase.Result> results = new ArrayList<>();
			for (FaultKind fault : this.options.faults()) {
				for (int round = 1; round <= this.options.rounds(); round++) {
					List<Long> events = new ArrayList<>();
					for (int i = 0; i < ClusterPhase.EVENTS; i++) {
						events.add(first.createEvent(admin, "Cluster chaos " + fault.label() + " " + round + "." + i,
								ClusterPhase.SEATS_PER_EVENT, Instant.now().minusSeconds(60)));
					}
					results.add(phase.run(fault, round, events, random.nextLong()));
				}
			}
			return report(inspector, results);
		}
	}

	private ClusterChaosReport report(Inspector inspector, List<ClusterPhase.Result> results) {
		Quiescence quiescence = new Quiescence(inspector, ChaosSettings.DEFAULT);
		List<Answer> answers = results.stream().flatMap((result) -> result.answers().stream()).toList();
		this.out.println("All phases done; checking every phase's bookings once more...");
		Set<String> lost = new HashSet<>(quiescence.awaitSettled(
				answers.stream().filter(Answer::accepted).map(Answer::bookingId).map(String::valueOf).toList()));
		Set<Long> eventIds = new HashSet<>();
		results.forEach((result) -> eventIds.addAll(result.events()));
		List<EventFacts> facts = quiescence.awaitGateRepaired()
			.stream()
			.filter((event) -> eventIds.contains(event.eventId()))
			.toList();
		Duration load = results.stream().map(ClusterPhase.Result::load).reduce(Duration.ZERO, Duration::plus);
		FaultRow any = FaultRow.of(this.options.faults().get(0), this.options.rounds(), answers, load, facts, lost);
		FaultRow end = new FaultRow("end", any.rounds(), any.requests(), any.requestsPerSecond(), any.accepted(),
				any.confirmed(),
				any.oversold(), any.lost(), any.doubleSettled(), any.drift(), any.serverErrors(), any.statuses());
		List<ClusterFaultRow> rows = results.stream().map(ClusterPhase.Result::row).toList();
		List<String> violations = new ArrayList<>();
		rows.forEach((row) -> violations.addAll(row.violations()));
		violations.addAll(end.violations());
		List<String> notes = new ArrayList<>();
		rows.forEach((row) -> notes.addAll(row.notes()));
		results.forEach((result) -> notes.addAll(FaultRow.unexpected(result.fault(), result.answers())));
		return new ClusterChaosReport("cluster", this.options.seed(), this.options.rounds(), rows, end, violations,
				notes);
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// the JVM is already shutting down: the hook runs and finds the stack stopped
		}
	}

}
