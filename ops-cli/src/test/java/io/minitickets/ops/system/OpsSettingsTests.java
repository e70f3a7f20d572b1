package io.minitickets.ops.system;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OpsSettingsTests {

	@Test
	void derivesTheEnvironmentVariablesSpringBootReads() {
		assertThat(OpsSettings.environmentName("spring.datasource.url")).isEqualTo("SPRING_DATASOURCE_URL");
		assertThat(OpsSettings.environmentName("minitickets.valkey.key-prefix"))
			.isEqualTo("MINITICKETS_VALKEY_KEY_PREFIX");
		assertThat(OpsSettings.environmentName("spring.kafka.bootstrap-servers"))
			.isEqualTo("SPRING_KAFKA_BOOTSTRAP_SERVERS");
	}

	@Test
	void defaultsAreTheServicesDefaults() {
		OpsSettings settings = OpsSettings.of(Map.of());

		assertThat(settings.datasourceUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/minitickets");
		assertThat(settings.datasourceUsername()).isEqualTo("postgres");
		assertThat(settings.kafkaBootstrapServers()).isEqualTo("127.0.0.1:9092");
		assertThat(settings.valkeyUrl()).isEqualTo("redis://127.0.0.1:6379");
		assertThat(settings.valkeyGateUrl()).isEqualTo("redis://127.0.0.1:6379");
		assertThat(settings.valkeyKeyPrefix()).isEmpty();
		assertThat(settings.accessTokens().secret()).isNull();
		assertThat(settings.accessTokens().ttl()).isEqualTo(Duration.ofHours(1));
		assertThat(settings.accessTokens().issuer()).isEqualTo("minitickets");
	}

	@Test
	void readsDurationsAndTimesAsOperatorsWriteThem() {
		assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
		assertThat(Durations.parse("90")).isEqualTo(Duration.ofSeconds(90));
		assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
		assertThat(Durations.parse("PT30S")).isEqualTo(Duration.ofSeconds(30));
		assertThatIllegalArgumentException().isThrownBy(() -> Durations.parse("soon"));
		assertThat(Times.parse("2026-12-01T10:00")).isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
		assertThat(Times.parse("2026-12-01T10:00Z")).isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
		assertThat(Times.parse("2026-12-01T11:00+01:00")).isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
		assertThat(Times.parse("2026-12-01T11:00:00+01:00[Europe/Paris]"))
			.isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
		assertThatIllegalArgumentException().isThrownBy(() -> Times.parse("yesterday"));
	}

}
