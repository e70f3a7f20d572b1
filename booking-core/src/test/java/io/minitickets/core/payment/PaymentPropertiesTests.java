package io.minitickets.core.payment;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The payment configuration's defaults are the documented ones (OPERATIONS.md, "Payments"), and the adapter refuses
 * to start without its secrets.
 */
class PaymentPropertiesTests {

	private final Binder binder = new Binder(new MapConfigurationPropertySource(Map.of()));

	@Test
	void talksToStripeWithStripesWebhookToleranceAndShortTimeouts() {
		PaymentProperties payment = this.binder.bindOrCreate("minitickets.payment", PaymentProperties.class);

		assertThat(payment.provider()).isEqualTo(PaymentProperties.Provider.STRIPE);
		assertThat(payment.apiBase()).isEqualTo(URI.create("https://api.stripe.com"));
		assertThat(payment.webhookTolerance()).isEqualTo(Duration.ofSeconds(300));
		assertThat(payment.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
		assertThat(payment.readTimeout()).isEqualTo(Duration.ofSeconds(20));
		assertThat(payment.maxNetworkRetries()).isEqualTo(2);
		assertThat(payment.apiKey()).isNull();
		assertThat(payment.webhookSecret()).isNull();
	}

	@Test
	void theAdapterRefusesToStartWithoutAnApiKeyOrAWebhookSecret() {
		PaymentProperties unset = this.binder.bindOrCreate("minitickets.payment", PaymentProperties.class);

		assertThatIllegalArgumentException().isThrownBy(() -> new StripePaymentProvider(unset))
			.withMessageContaining("minitickets.payment.api-key");
		PaymentProperties noSecret = new PaymentProperties(unset.provider(), "sk_test_1", null, unset.apiBase(),
				unset.webhookTolerance(), unset.connectTimeout(), unset.readTimeout(), 0);
		assertThatIllegalArgumentException().isThrownBy(() -> new StripePaymentProvider(noSecret))
			.withMessageContaining("minitickets.payment.webhook-secret");
	}

}
