package io.minitickets.worker.system;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The worker's membership of its Kafka consumer group ({@code minitickets.worker.group.*}), classic group protocol.
 * When a worker dies without leaving the group ({@code kill -9}, a lost machine), the broker hands its partitions to
 * the other workers once {@code sessionTimeout} passed without a heartbeat: the session timeout bounds how long its
 * partitions stall. Kafka's own default is 45 s; 6 s is the least the broker accepts by default
 * ({@code group.min.session.timeout.ms}). See docs/SCALING.md for the choice and the measured handover.
 *
 * @param sessionTimeout how long the broker waits for a heartbeat before it takes the worker's partitions away
 * ({@code session.timeout.ms}); must lie within the broker's {@code group.min.session.timeout.ms} (6 s) and
 * {@code group.max.session.timeout.ms} (30 min), else the worker cannot join
 * @param heartbeatInterval time between two heartbeats ({@code heartbeat.interval.ms}); a third of the session
 * timeout at most, so that one late heartbeat does not end the session
 * @see <a href="https://kafka.apache.org/documentation/#consumerconfigs_session.timeout.ms">session.timeout.ms</a>
 */
@ConfigurationProperties("minitickets.worker.group")
public record ConsumerGroupProperties(@DefaultValue("6s") Duration sessionTimeout,
		@DefaultValue("2s") Duration heartbeatInterval) {

	public ConsumerGroupProperties {
		if (heartbeatInterval.multipliedBy(3).compareTo(sessionTimeout) > 0) {
			throw new IllegalArgumentException("minitickets.worker.group.heartbeat-interval (" + heartbeatInterval
					+ ") must be at most a third of session-timeout (" + sessionTimeout + ")");
		}
	}

}
