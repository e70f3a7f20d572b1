package io.minitickets.worker.payment;

import io.minitickets.core.payment.PaymentProperties;
import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.StripePaymentProvider;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker's payment provider, for refunds: the Stripe adapter on {@code minitickets.payment.*}, created only when
 * an API key is configured. Without one, payments are still applied and refunds recorded; they stay pending
 * ({@code minitickets.refunds.pending}) until a worker with a key issues them.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PaymentProperties.class)
class PaymentConfiguration {

	@Bean
	@ConditionalOnProperty("minitickets.payment.api-key")
	PaymentProvider paymentProvider(PaymentProperties properties) {
		return new StripePaymentProvider(properties);
	}

}
