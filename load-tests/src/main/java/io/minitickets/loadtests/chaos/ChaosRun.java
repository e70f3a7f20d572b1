package io.minitickets.loadtests.chaos;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.EventFacts;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.chaos.ChaosSettings;
import io.minitickets.localstack.chaos.ChaosStack;
import io.minitickets.localstack.chaos.FaultInjector;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.LoginProbe;
import io.minitickets.localstack.chaos.PoisonProducer;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;

/**
 * A fault-injection run: starts its own stack, then for each fault, {@code rounds} times, puts two fresh events on
 * sale, runs the load (the gentle {@link SaleLoad}, or the open-model {@link OpenSaleLoad} at the options' rate),
 * injects the fault at a seeded-random moment 0.5–2 s in (the fault's own bookings, a {@link RoundProbe} on a third
 * event of the round, make its precondition certain), recovers, lets the load run 1 s more;
 * beside it each round runs a small paid sale ({@link PaidSaleRound}) and has a paying probe ({@link RoundPayments})
 * for the payment faults; then waits until the stack is quiet and checks the invariants, seats and money included. Always stops what it started, also on failure or
 * SIGTERM, and deletes its data; keeps the processes' logs.
 */
final class ChaosRun {

	private static final int EVENTS_PER_ROUND = 2;

	private static final int CLIENTS = 8;

	/** Seats of a round's probe event: far more than its fault's probes book. */
	private static final int PROBE_SEATS = 100;

	/** A seat of a round's paid events, in euro cents. */
	private static final long PRICE = 2500;

	private final ChaosOptions options;

	private final PrintStream out;

	/**
	 * @param options rounds, seed, faults, folders
	 * @param out where progress and the table are printed
	 */
	ChaosRun(ChaosOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/**
	 * Runs it.
	 * @return the report
	 * @throws StackException when the stack cannot be started or a fault cannot be recovered from
	 */
	ChaosReport run() {
		Path directory = this.options.freshDirectory("chaos-");
		this.out.printf("Fault-injection run: seed %d, %d round(s) of %s, %s; state and logs in %s%n",
				this.options.seed(), this.options.rounds(),
				this.options.faults().stream().map(FaultKind::label).toList(), ChaosReport.describeLoad(
						this.options.rate(), this.options.connections(), this.options.users()), directory);
		ChaosStack stack = new ChaosStack(this.options.checkout(), directory, ChaosSettings.DEFAULT);
		Thread hook = new Thread(stack::close, "minitickets-chaos-stop");
		Runtime.getRuntime().addShutdownHook(hook);
		try {
			this.out.println("Starting the run's own stack (Kafka, Postgres, two Valkeys, three services)...");
			stack.start();
			return sale(stack);
		}
		finally {
			this.out.println("Stopping the run's stack...");
			stack.close();
			removeHook(hook);
			List.of("pg", ChaosStack.GATE_VALKEY).forEach((data) -> DataDirectories.delete(directory.resolve(data)));
			this.out.println("Logs kept in " + directory.resolve("logs"));
		}
	}

	private ChaosReport sale(ChaosStack stack) {
		StackState state = stack.state();
		URI api = URI.create(String.valueOf(stack.process(Service.API_SERVICE.module()).url()));
		HttpClient http = ApiClient.newHttpClient();
		try (http) {
			ApiClient client = new ApiClient(http, api);
			String admin = client.login(state.adminEmail(), state.adminPassword());
			BulkUsers users = new BulkUsers(Objects.requireNonNull(state.postgres()), state.jwtSecret(),
					Duration.ofHours(1));
			List<String> tokens = users.create("chaos-" + this.options.seed(), this.options.users())
				.stream()
				.map(LoadUser::token)
				.toList();
			String probeToken = users.create("chaos-probe-" + this.options.seed(), 1).getFirst().token();
			List<String> customers = users.create("chaos-paid-" + this.options.seed(), PaidSaleRound.CUSTOMERS)
				.stream()
				.map(LoadUser::token)
				.toList();
			String payerToken = users.create("chaos-payer-" + this.options.seed(), 1).getFirst().token();
			SimulatorControl simulator = new SimulatorControl(http,
					URI.create(String.valueOf(stack.process(Service.PAYMENT_SIMULATOR.module()).url())));
			try (RoundLoad load = this.options.open()
					? new OpenSaleLoad(api, client, tokens, this.options.rate(), this.options.connections())
					: new SaleLoad(client, tokens, CLIENTS)) {
				return rounds(stack, new LoginProbe(http, api, state.adminEmail(), state.adminPassword()), client, admin,
						new Customers(probeToken, customers, payerToken, simulator), load);
			}
		}
	}

	private ChaosReport rounds(ChaosStack stack, LoginProbe login, ApiClient client, String admin, Customers customers,
			RoundLoad load) {
		PoisonProducer poison = new PoisonProducer(Objects.requireNonNull(stack.state().kafkaBootstrapServers()));
		FaultInjector injector = new FaultInjector(stack, login, poison, customers.simulator());
		Map<FaultKind, Set<String>> charged = new EnumMap<>(FaultKind.class);
		Random random = new Random(this.options.seed());
		Map<FaultKind, List<Answer>> answers = new EnumMap<>(FaultKind.class);
		Map<FaultKind, Set<Long>> events = new EnumMap<>(FaultKind.class);
		Map<FaultKind, Long> phaseNanos = new EnumMap<>(FaultKind.class);
		List<String> violations = new ArrayList<>();
		for (FaultKind fault : this.options.faults()) {
			for (int round = 1; round <= this.options.rounds(); round++) {
				List<Long> onSale = new ArrayList<>();
				for (int i = 0; i < EVENTS_PER_ROUND; i++) {
					onSale.add(client.createEvent(admin, "Chaos " + fault.label() + " " + round + "." + i,
							this.options.seatsPerEvent(), Instant.now().minusSeconds(60)));
				}
				long probeEvent = client.createEvent(admin, "Chaos " + fault.label() + " " + round + " probe",
						PROBE_SEATS, Instant.now().minusSeconds(60));
				RoundProbe probe = new RoundProbe(client, customers.probe(), probeEvent, fault);
				int hold = (int) PaidSaleRound.HOLD.toSeconds();
				long paidEvent = client.createPaidEvent(admin, "Chaos " + fault.label() + " " + round + " paid",
						PaidSaleRound.SEATS, Instant.now().minusSeconds(60), PRICE, "EUR", hold, hold);
				int probeHold = (int) fault.paidProbeHold().toSeconds();
				long payerEvent = client.createPaidEvent(admin, "Chaos " + fault.label() + " " + round
						+ " paid probe", PROBE_SEATS, Instant.now().minusSeconds(60), PRICE, "EUR", probeHold,
						probeHold);
				RoundPayments payer = new RoundPayments(client, customers.payer(), payerEvent, fault);
				events.computeIfAbsent(fault, (kind) -> new HashSet<>()).addAll(onSale);
				events.get(fault).addAll(List.of(probeEvent, paidEvent, payerEvent));
				long delay = 500 + random.nextInt(1500);
				this.out.printf("  %s round %d: load on events %s, fault after %d ms%n", fault.label(), round,
						onSale, delay);
				long startedAt = System.nanoTime();
				RoundLoad.Round running = load.start(fault, onSale, random.nextLong());
				PaidSaleRound paid = new PaidSaleRound(client, customers.simulator(), customers.paying(), fault,
						paidEvent).start();
				try {
					ProcessWaits.pause(Duration.ofMillis(delay));
					violations.addAll(injector.inject(fault, random, probe, payer));
					ProcessWaits.pause(Duration.ofSeconds(1));
				}
				finally {
					answers.computeIfAbsent(fault, (kind) -> new ArrayList<>()).addAll(running.stop());
					answers.get(fault).addAll(probe.answers());
					answers.get(fault).addAll(paid.stop());
					answers.get(fault).addAll(payer.answers());
					charged.computeIfAbsent(fault, (kind) -> new HashSet<>()).addAll(paid.charged());
					phaseNanos.merge(fault, System.nanoTime() - startedAt, Long::sum);
				}
			}
		}
		return check(stack, answers, events, phaseNanos, poison.sent(), violations, charged);
	}

	private ChaosReport check(ChaosStack stack, Map<FaultKind, List<Answer>> answers,
			Map<FaultKind, Set<Long>> events, Map<FaultKind, Long> phaseNanos, int poisonSent,
			List<String> violations, Map<FaultKind, Set<String>> charged) {
		StackState state = stack.state();
		Inspector inspector = new Inspector(Objects.requireNonNull(state.postgres()),
				String.valueOf(stack.process(ChaosStack.GATE_VALKEY).url()), "",
				Objects.requireNonNull(state.kafkaBootstrapServers()));
		Quiescence quiescence = new Quiescence(inspector, ChaosSettings.DEFAULT);
		List<String> acceptedIds = answers.values().stream().flatMap(List::stream).filter(Answer::accepted)
			.map(Answer::bookingId).map(String::valueOf).toList();
		this.out.printf("Waiting until all %d accepted bookings settled and the gate is repaired...%n",
				acceptedIds.size());
		Set<String> lost = Set.copyOf(quiescence.awaitSettled(acceptedIds));
		Set<String> unapplied = Set.copyOf(quiescence.awaitPaymentsApplied(
				charged.values().stream().flatMap(Set::stream).toList()));
		List<EventFacts> facts = quiescence.awaitGateRepaired();
		long deadLetters = quiescence.awaitDeadLetters(poisonSent);
		List<FaultRow> rows = this.options.faults().stream()
			.map((fault) -> FaultRow.of(fault, this.options.rounds(), answers.getOrDefault(fault, List.of()),
					Duration.ofNanos(phaseNanos.getOrDefault(fault, 0L)),
					facts.stream().filter((event) -> events.getOrDefault(fault, Set.of()).contains(event.eventId()))
						.toList(),
					lost))
			.toList();
		List<PaidFaultRow> paidRows = this.options.faults().stream().map((fault) -> {
			Set<Long> phase = events.getOrDefault(fault, Set.of());
			return PaidFaultRow.of(fault, charged.getOrDefault(fault, Set.of()),
					facts.stream().filter((event) -> phase.contains(event.eventId())).toList(),
					inspector.paid(phase), unapplied);
		}).toList();
		List<String> all = new ArrayList<>(violations);
		rows.forEach((row) -> all.addAll(row.violations()));
		paidRows.forEach((row) -> all.addAll(row.violations()));
		if (deadLetters != poisonSent) {
			all.add("dead-letter topic holds " + deadLetters + " records; " + poisonSent + " poison records were "
					+ "produced (each must land there exactly once)");
		}
		lost.forEach((id) -> all.add("lost 202: booking " + id + " never reached Postgres"));
		List<String> notes = this.options.faults().stream()
			.flatMap((fault) -> FaultRow.unexpected(fault, answers.getOrDefault(fault, List.of())).stream())
			.toList();
		return new ChaosReport(this.options.seed(), this.options.rounds(), this.options.rate(),
				this.options.connections(), this.options.users(), rows, paidRows, poisonSent, deadLetters, all, notes);
	}

	/**
	 * Who books besides the load: the free probe, the paid sale's customers, the paying probe, and where they pay.
	 */
	private record Customers(String probe, List<String> paying, String payer, SimulatorControl simulator) {

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
