package io.minitickets.core.health;

import io.minitickets.core.valkey.ValkeyConnection;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Valkey is up when it answers PING within the command timeout. Reported, but deliberately not part of readiness:
 * taking the API out of service when Valkey fails would defeat the limiter's fail-closed 503 and the gate's fail-open.
 */
public class ValkeyHealthIndicator extends AbstractHealthIndicator {

	private final ValkeyConnection limiter;

	private final ValkeyConnection gate;

	/**
	 * @param limiter the limiter's connection
	 * @param gate the gate's connection
	 */
	public ValkeyHealthIndicator(ValkeyConnection limiter, ValkeyConnection gate) {
		super("Valkey health check failed");
		this.limiter = limiter;
		this.gate = gate;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		String limiterState = ping(this.limiter);
		String gateState = ping(this.gate);
		boolean up = "PONG".equals(limiterState) && "PONG".equals(gateState);
		(up ? builder.up() : builder.down()).withDetail("limiter", limiterState).withDetail("gate", gateState);
	}

	private static String ping(ValkeyConnection connection) {
		try {
			return connection.sync().ping();
		}
		catch (RuntimeException ex) {
			return "unreachable: " + ex.getMessage();
		}
	}

}
