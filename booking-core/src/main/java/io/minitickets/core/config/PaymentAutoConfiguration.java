package io.minitickets.core.config;

import io.minitickets.core.payment.PaymentProperties;
import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.StripePaymentProvider;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * The payment provider of the services that talk to it (api-service: checkouts and webhooks; booking-worker:
 * refunds): the Stripe adapter on {@code minitickets.payment.*}, created only when an API key is configured and not
 * blank (docker-compose passes an unset key as an empty one). Without one there is no provider: api-service answers
 * its payment endpoints 503, the worker leaves refunds pending.
 */
@AutoConfiguration
@EnableConfigurationProperties(PaymentProperties.class)
public class PaymentAutoConfiguration {

	/** The property whose text turns the provider on. */
	static final String API_KEY = "minitickets.payment.api-key";

	@Bean
	@Conditional(ApiKeyConfigured.class)
	PaymentProvider paymentProvider(PaymentProperties properties) {
		return new StripePaymentProvider(properties);
	}

	/** True when {@value #API_KEY} has text. */
	static final class ApiKeyConfigured implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return StringUtils.hasText(context.getEnvironment().getProperty(API_KEY));
		}

	}

}
