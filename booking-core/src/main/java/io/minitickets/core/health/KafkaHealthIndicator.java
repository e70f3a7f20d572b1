package io.minitickets.core.health;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Kafka is up when the cluster answers a describe-cluster request within the timeout. Part of readiness: a service
 * that cannot reach Kafka cannot keep its promises (a 202 needs the broker's acknowledgement).
 */
public class KafkaHealthIndicator extends AbstractHealthIndicator implements AutoCloseable {

	private final Admin admin;

	private final Duration timeout;

	/**
	 * @param adminConfig the client configuration of Spring Kafka's admin (bootstrap servers, security)
	 * @param timeout the most one check waits
	 */
	public KafkaHealthIndicator(Map<String, Object> adminConfig, Duration timeout) {
		super("Kafka health check failed");
		Map<String, Object> config = new java.util.HashMap<>(adminConfig);
		config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
		config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
		this.admin = Admin.create(config);
		this.timeout = timeout;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		DescribeClusterResult cluster = this.admin
			.describeCluster(new DescribeClusterOptions().timeoutMs((int) this.timeout.toMillis()));
		String clusterId = cluster.clusterId().get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		int nodes = cluster.nodes().get(this.timeout.toMillis(), TimeUnit.MILLISECONDS).size();
		builder.up().withDetail("clusterId", clusterId).withDetail("nodes", nodes);
	}

	@Override
	public void close() {
		this.admin.close(Duration.ofSeconds(1));
	}

}
