package io.minitickets.loadtests.chaos;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.chaos.ChaosSettings;
import io.minitickets.localstack.chaos.ChaosStack;
import io.minitickets.localstack.chaos.FaultInjector;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.LoginProbe;
import io.minitickets.localstack.chaos.PoisonProducer;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.DataDirectories;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackState;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each fault row makes its own precondition certain (issue 19, item 1): on a stack where no load books anything (as
 * when a round's events are sold out or quiet), every fault that needs a booking still meets one, the worker armed
 * with HALT_AFTER_COMMIT halts (its log kept beside the other starts' logs), and every booking the faults' probes got a
 * 202 for settles, the gate repaired. Needs the services' jars (the reactor packages them before load-tests).
 */
class QuietStackFaultsIntegrationTests {

	private static final Path CHECKOUT = BuiltServices.CHECKOUT;

	private static final List<FaultKind> FAULTS = List.of(FaultKind.WORKER_FAILPOINT, FaultKind.WORKER_KILL,
			FaultKind.VALKEY_RESTART, FaultKind.GATE_VALKEY_DOWN, FaultKind.KAFKA_RESTART, FaultKind.POSTGRES_RESTART,
			FaultKind.POSTGRES_KILL, FaultKind.API_KILL);

	@BeforeAll
	static void servicesAreBuilt() {
		BuiltServices.require();
	}

	@Test
	@Timeout(value = 20, unit = TimeUnit.MINUTES) // worker and api-service restarts take 20–60 s each on 2 cores
	void everyFaultMeetsABookingEvenWhenNoLoadBooksAnything() {
		Path directory = CHECKOUT.resolve("load-tests/target/chaos-quiet-it");
		DataDirectories.fresh(directory);
		try (ChaosStack stack = new ChaosStack(CHECKOUT, directory, ChaosSettings.DEFAULT);
				HttpClient http = HttpClient.newHttpClient()) {
			stack.start();
			StackState state = stack.state();
			URI api = URI.create(String.valueOf(stack.process(Service.API_SERVICE.module()).url()));
			ApiClient client = new ApiClient(http, api);
			String admin = client.login(state.adminEmail(), state.adminPassword());
			String token = new BulkUsers(Objects.requireNonNull(state.postgres()), state.jwtSecret(),
					Duration.ofHours(1))
				.create("chaos-quiet", 1)
				.getFirst()
				.token();
			FaultInjector injector = new FaultInjector(stack,
					new LoginProbe(http, api, state.adminEmail(), state.adminPassword()),
					new PoisonProducer(Objects.requireNonNull(state.kafkaBootstrapServers())), new SimulatorControl(http,
							URI.create(String.valueOf(stack.process(Service.PAYMENT_SIMULATOR.module()).url()))));
			List<Answer> answers = new ArrayList<>();
			for (FaultKind fault : FAULTS) {
				long event = client.createEvent(admin, "Quiet " + fault.label(), 10, Instant.now().minusSeconds(60));
				RoundProbe probe = new RoundProbe(client, token, event, fault);
				RoundPayments payer = new RoundPayments(client, token, event, fault);

				assertThat(injector.inject(fault, new Random(1), probe, payer)).as(fault.label()).isEmpty();
				assertThat(probe.answers()).as(fault.label()).anyMatch(Answer::accepted);
				answers.addAll(probe.answers());
			}
			assertThat(directory.resolve("logs/booking-worker.2.log")).as("the armed worker's own log")
				.content()
				.contains("Failpoint HALT_AFTER_COMMIT reached");
			assertThat(directory.resolve("logs/booking-worker.3.log")).exists();

			Inspector inspector = new Inspector(Objects.requireNonNull(stack.state().postgres()),
					String.valueOf(stack.process(ChaosStack.GATE_VALKEY).url()), "",
					Objects.requireNonNull(state.kafkaBootstrapServers()));
			Quiescence quiescence = new Quiescence(inspector, ChaosSettings.DEFAULT);
			assertThat(quiescence.awaitSettled(answers.stream().filter(Answer::accepted).map(Answer::bookingId)
				.map(String::valueOf)
				.toList())).as("202s not settled").isEmpty();
			assertThat(quiescence.awaitGateRepaired()).allSatisfy((facts) -> {
				assertThat(facts.oversold()).isZero();
				assertThat(facts.doubleSettled()).isFalse();
				assertThat(facts.drift()).isZero();
			});
		}
	}

}
