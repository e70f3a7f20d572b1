package io.minitickets.api.auth;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The defaults of {@code minitickets.auth.*} are the documented ones (README, "Configuration").
 */
class AuthPropertiesTests {

	@Test
	void remembersUpToOneHundredThousandVerifiedTokens() {
		AuthProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("minitickets.auth", AuthProperties.class);

		assertThat(properties.verifiedTokenCacheSize()).isEqualTo(250_000);
	}

	@Test
	void checksPasswordsOnOneThreadPerCoreWithAQueueOfThirtyTwo() {
		AuthProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("minitickets.auth", AuthProperties.class);

		assertThat(properties.effectivePasswordCheckThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
		assertThat(properties.passwordCheckQueue()).isEqualTo(32);
		assertThat(properties.passwordCheckRetryAfter()).isEqualTo(Duration.ofSeconds(1));
	}

}
