package io.minitickets.api.payment;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payment endpoints' defaults are the ones docs/OPERATIONS.md lists.
 */
class PaymentApiPropertiesTests {

	@Test
	void defaultsAreTheDocumentedOnes() {
		PaymentApiProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("minitickets.payment-api", PaymentApiProperties.class);

		assertThat(properties.returnBase()).isEqualTo(URI.create("http://localhost:8080/"));
		assertThat(properties.publishTimeout()).isEqualTo(Duration.ofSeconds(5));
	}

}
