package io.minitickets.reconciler.inventory;

import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReconcilePassTests {

	@Test
	void logsACommandThatOutlivedItsTimeoutAsATimeoutNotAsAnUnreachableValkey() {
		ValkeyUnavailableException timeout = new ValkeyUnavailableException("Valkey (gate) failed reconcile-inventory.lua",
				new RedisCommandTimeoutException("Command timed out after 250 millisecond(s)"));

		assertThat(ReconcilePass.valkeyFailure(42, timeout)).startsWith("Valkey timed out")
			.contains("event=42")
			.doesNotContain("unreachable");
	}

	@Test
	void logsALostConnectionAsAnUnreachableValkey() {
		ValkeyUnavailableException lost = new ValkeyUnavailableException("Valkey (gate) is unreachable",
				new RedisConnectionException("Connection refused"));

		assertThat(ReconcilePass.valkeyFailure(42, lost)).isEqualTo("Valkey unreachable");
	}

}
