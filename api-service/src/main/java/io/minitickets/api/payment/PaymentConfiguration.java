package io.minitickets.api.payment;

import io.minitickets.core.payment.PaymentProperties;
import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.StripePaymentProvider;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The payment provider of api-service: the Stripe adapter on {@code minitickets.payment.*}, created only when an API
 * key is configured. Without one (a deployment that sells free events only) there is no provider, and the checkout
 * and webhook endpoints answer 503.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ PaymentProperties.class, PaymentApiProperties.class })
class PaymentConfiguration {

	@Bean
	@ConditionalOnProperty("minitickets.payment.api-key")
	PaymentProvider paymentProvider(PaymentProperties properties) {
		return new StripePaymentProvider(properties);
	}

}
