package io.minitickets.loadtests.chaos;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.minitickets.localstack.chaos.FaultKind;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payment rows of the fault table at their smallest (issue 16, "Chaos"): one round each of {@code
 * payment-failpoint}, {@code valkey-flush-expiry}, {@code webhook-replay} and {@code provider-down}, each beside the round's free load and its small paid sale (holds paid through the payment
 * simulator, one expiring, cancellations, the sold-out on the waiting list), on a stack of the run's own: no invariant
 * broken, the money and seat checks included (seats conserved, every payment one confirmed booking or one refund, no
 * double refund, the waiting list's order kept, every payment the provider took applied). Needs the services' jars
 * (the reactor packages them before load-tests).
 */
class PaidChaosRunIntegrationTests {

	private static final Path CHECKOUT = BuiltServices.CHECKOUT;

	@BeforeAll
	static void servicesAreBuilt() {
		BuiltServices.require();
	}

	@Test
	@Timeout(value = 10, unit = TimeUnit.MINUTES)
	void thePaymentFaultsUnderAPaidSaleBreakNoInvariant() {
		List<FaultKind> faults = List.of(FaultKind.PAYMENT_FAILPOINT, FaultKind.VALKEY_FLUSH_EXPIRY,
				FaultKind.WEBHOOK_REPLAY, FaultKind.PROVIDER_DOWN);
		ChaosOptions options = new ChaosOptions(1, 16, faults, CHECKOUT.resolve("load-tests/target/chaos-paid-it"),
				CHECKOUT);
		ChaosReport report = new ChaosRun(options, System.out).run();
		System.out.print(report.table());
		assertThat(report.violations()).isEmpty();
		assertThat(report.paidRows()).extracting(PaidFaultRow::fault)
			.containsExactly("payment-failpoint", "valkey-flush-expiry", "webhook-replay", "provider-down");
		assertThat(report.paidRows()).as("the paid sale's customers paid in every round")
			.allSatisfy((row) -> assertThat(row.charged()).isPositive());
	}

}
