package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The services' settings for a fault-injection run: short lease TTL and reconcile interval, so leases orphaned by a
 * fault come back and the gate is repaired within the run; a short broker send timeout; the gate on a Valkey of
 * its own.
 *
 * @param leaseTtl how long a lease holds seats before the reconciler may give them back
 * @param reconcileInterval time between two reconcile passes
 * @param sendTimeout api-service's longest wait for the broker's ack before it answers 503
 */
public record ChaosSettings(Duration leaseTtl, Duration reconcileInterval, Duration sendTimeout) {

	/** The settings the run uses: lease TTL 10 s, reconcile every 1 s, send timeout 3 s. */
	public static final ChaosSettings DEFAULT = new ChaosSettings(Duration.ofSeconds(10), Duration.ofSeconds(1),
			Duration.ofSeconds(3));

	/**
	 * @param gateValkeyUrl the gate's Valkey
	 * @return the variables every service gets on top of the stack's own
	 */
	Map<String, String> environment(String gateValkeyUrl) {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("MINITICKETS_VALKEY_GATE_URL", gateValkeyUrl);
		environment.putAll(environment());
		return environment;
	}

	/**
	 * @return the variables every service gets on top of the stack's own, the gate on the stack's Valkey
	 */
	Map<String, String> environment() {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("MINITICKETS_GATE_LEASE_TTL", this.leaseTtl.toMillis() + "ms");
		environment.put("MINITICKETS_RECONCILER_INTERVAL", this.reconcileInterval.toMillis() + "ms");
		environment.put("MINITICKETS_RECONCILER_BATCH_SIZE", "500");
		environment.put("MINITICKETS_BOOKING_SEND_TIMEOUT", this.sendTimeout.toMillis() + "ms");
		environment.put("MINITICKETS_WORKER_RETRY_MAX_INTERVAL", "2s");
		// a refund the provider could not take (provider-down) is asked for again within the round's checks
		environment.put("MINITICKETS_REFUNDS_RETRY_INTERVAL", "2s");
		environment.put("MINITICKETS_REFUNDS_RETRY_AFTER", "2s");
		// a provider that hangs (provider-down) fails a call within 2 s, not stripe-java's 80 s and its retries
		environment.put("MINITICKETS_PAYMENT_READ_TIMEOUT", "2s");
		environment.put("MINITICKETS_PAYMENT_MAX_NETWORK_RETRIES", "0");
		environment.put("JAVA_TOOL_OPTIONS", "-Xmx384m -XX:TieredStopAtLevel=1");
		return environment;
	}

}
