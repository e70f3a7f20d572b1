package io.minitickets.localstack.chaos;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FaultKindTests {

	@Test
	void allMeansEveryFaultInRunOrder() {
		assertThat(FaultKind.parse("all")).containsExactly(FaultKind.values());
	}

	@Test
	void chosenFaultsKeepRunOrderWhateverOrderTheyAreNamedIn() {
		assertThat(FaultKind.parse("poison, worker-kill")).containsExactly(FaultKind.WORKER_KILL, FaultKind.POISON);
	}

	@Test
	void aPostgresKillIsAFaultOfItsOwnRightAfterThePostgresRestart() {
		assertThat(FaultKind.parse("postgres-kill,postgres-restart")).extracting(FaultKind::label)
			.containsExactly("postgres-restart", "postgres-kill");
	}

	@Test
	void anUnknownFaultIsNamedWithTheKnownOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> FaultKind.parse("worker-kill,disk-full"))
			.withMessageContaining("disk-full")
			.withMessageContaining("gate-valkey-down");
	}

	@Test
	void thePaymentFaultsRunLastUnderTheirOwnLabels() {
		assertThat(FaultKind.parse("provider-down,webhook-replay,valkey-flush-expiry,payment-failpoint,poison"))
			.extracting(FaultKind::label)
			.containsExactly("poison", "payment-failpoint", "valkey-flush-expiry", "webhook-replay", "provider-down");
	}

	@Test
	void onlyTheValkeyFlushRowsPaidProbeHoldsExpireDuringTheFault() {
		assertThat(FaultKind.VALKEY_FLUSH_EXPIRY.paidProbeHold()).isEqualTo(Duration.ofSeconds(5));
		assertThat(FaultKind.PROVIDER_DOWN.paidProbeHold()).isEqualTo(Duration.ofMinutes(10));
	}

}
