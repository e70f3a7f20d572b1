package io.minitickets.core.config;

import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.StripePaymentProvider;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payment provider exists only where an API key is configured: a service without one (or with the empty one
 * docker-compose passes for an unset variable) starts without it instead of failing.
 */
class PaymentAutoConfigurationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PaymentAutoConfiguration.class));

	@Test
	void noKeyNoProvider() {
		this.contexts.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaymentProvider.class));
	}

	@Test
	void anEmptyKeyIsNoKey() {
		this.contexts.withPropertyValues("minitickets.payment.api-key=", "minitickets.payment.webhook-secret=")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaymentProvider.class));
	}

	@Test
	void aKeyMakesTheStripeAdapter() {
		this.contexts
			.withPropertyValues("minitickets.payment.api-key=sk_test_x", "minitickets.payment.webhook-secret=whsec_x")
			.run((context) -> assertThat(context).getBean(PaymentProvider.class)
				.isInstanceOf(StripePaymentProvider.class));
	}

}
