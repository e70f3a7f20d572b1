package io.minitickets.api.ratelimit;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The token-bucket policies are checked once, when the configuration is bound at start-up: a bucket that cannot work
 * stops the service with a message naming the property, instead of failing every request that takes a token.
 */
class RateLimitPropertiesTests {

	private final ApplicationContextRunner context = new ApplicationContextRunner()
		.withUserConfiguration(RateLimitConfiguration.class);

	@Test
	void startsWithTheDefaultPolicies() {
		this.context.run((started) -> assertThat(started).hasNotFailed()
			.getBean(RateLimitProperties.class)
			.satisfies((properties) -> {
				assertThat(properties.bookingPolicy().capacity()).isEqualTo(10);
				assertThat(properties.loginPolicy().refillInterval().toMillis()).isEqualTo(3000);
				assertThat(properties.partitionKeySecretOr("the signing key")).isEqualTo("the signing key");
			}));
	}

	@Test
	void hashesPartitionKeysWithTheirOwnSecretWhenOneIsSet() {
		this.context.withPropertyValues("minitickets.rate-limit.partition-key-secret=pk-secret")
			.run((started) -> assertThat(started.getBean(RateLimitProperties.class).partitionKeySecretOr("signing key"))
				.isEqualTo("pk-secret"));
	}

	@Test
	void refusesToStartWithARefillIntervalUnderOneMillisecond() {
		this.context.withPropertyValues("minitickets.rate-limit.booking-refill-interval=0s")
			.run((failed) -> assertThat(failed).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("minitickets.rate-limit.booking-refill-interval")
				.hasMessageContaining("at least 1 ms"));
	}

	@Test
	void refusesToStartWithARefillIntervalThatIsNotWholeMilliseconds() {
		this.context.withPropertyValues("minitickets.rate-limit.login-refill-interval=1500us")
			.run((failed) -> assertThat(failed).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("minitickets.rate-limit.login-refill-interval")
				.hasMessageContaining("whole milliseconds"));
	}

	@Test
	void refusesToStartWithAnEmptyBucket() {
		this.context.withPropertyValues("minitickets.rate-limit.login-capacity=0")
			.run((failed) -> assertThat(failed).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("minitickets.rate-limit.login-capacity"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(RateLimitProperties.class)
	static class RateLimitConfiguration {

	}

}
