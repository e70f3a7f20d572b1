package io.minitickets.api.booking;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.ApiServiceApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * A second api-service in the test JVM, on the same Postgres database, Valkey key prefix and broker as a test
 * context's: the other instance behind the proxy.
 */
final class SecondApiService implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private SecondApiService(ConfigurableApplicationContext context) {
		this.context = context;
	}

	/**
	 * @param first the test context's environment
	 * @param brokers the test context's broker
	 * @param properties more properties of this instance, {@code name=value}
	 * @return the started instance
	 */
	static SecondApiService start(Environment first, String brokers, String... properties) {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("server.port", "0");
		settings.put("management.server.port", "0");
		for (String shared : new String[] { "spring.datasource.url", "spring.datasource.username",
				"minitickets.valkey.url", "minitickets.valkey.key-prefix" }) {
			settings.put(shared, first.getProperty(shared));
		}
		settings.put("spring.datasource.hikari.maximum-pool-size", "2");
		settings.put("spring.kafka.bootstrap-servers", brokers);
		settings.put("minitickets.jwt.secret", ApiIntegrationTest.SECRET);
		settings.put("minitickets.admin.email", "admin@test.local");
		settings.put("minitickets.admin.password", "admin-password");
		settings.put("minitickets.topics.partitions", "1");
		// as arguments: they win over application.yml, as the test context's properties do
		String[] arguments = settings.entrySet()
			.stream()
			.map((setting) -> "--" + setting.getKey() + "=" + setting.getValue())
			.toArray(String[]::new);
		String[] all = new String[arguments.length + properties.length];
		System.arraycopy(arguments, 0, all, 0, arguments.length);
		for (int i = 0; i < properties.length; i++) {
			all[arguments.length + i] = "--" + properties[i];
		}
		return new SecondApiService(new SpringApplicationBuilder(ApiServiceApplication.class).run(all));
	}

	/**
	 * @return its API port
	 */
	int port() {
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	/**
	 * @return its meters
	 */
	MeterRegistry meters() {
		return this.context.getBean(MeterRegistry.class);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
