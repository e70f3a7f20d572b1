package io.minitickets.localstack.stack;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StackSummaryTests {

	@Test
	void namesTheSaleDayBoardOnTheApiServicesManagementPort() {
		StackState stack = StackState.fresh("admin@minitickets.local", null)
			.withProcess(new ManagedProcess("api-service", ProcessKind.SERVICE, 105, null, "/tmp/api-service.log",
					"http://127.0.0.1:40105", "http://127.0.0.1:41105/actuator/health"));

		assertThat(StackSummary.render(stack, Path.of("/tmp/stack")))
			.contains("sale-day board    http://127.0.0.1:41105/board/   (log in as the admin)");
	}

	@Test
	void namesThePaymentSimulatorsApis() {
		StackState stack = StackState.fresh("admin@minitickets.local", null)
			.withProcess(new ManagedProcess("payment-simulator", ProcessKind.SERVICE, 108, null,
					"/tmp/payment-simulator.log", "http://127.0.0.1:40108", "http://127.0.0.1:41108/actuator/health"));

		assertThat(StackSummary.render(stack, Path.of("/tmp/stack"))).contains(
				"payment simulator http://127.0.0.1:40108   (Stripe API /v1, control API /sim, health "
						+ "http://127.0.0.1:41108/actuator/health)");
	}

	@Test
	void escapesUnprintableCharactersOfTheAdminsCredentials() {
		StackState stack = StackState.fresh("admin\u202E@minitickets.local", null);

		assertThat(StackSummary.render(stack, Path.of("/tmp/stack"))).contains("admin\\u202E@minitickets.local")
			.doesNotContain("\u202E");
	}

}
