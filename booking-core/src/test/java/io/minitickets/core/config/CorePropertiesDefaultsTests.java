package io.minitickets.core.config;

import java.time.Duration;
import java.util.Map;

import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.messaging.TopicProperties;
import io.minitickets.core.schema.SchemaProperties;
import io.minitickets.core.status.StatusCacheProperties;
import io.minitickets.core.valkey.ValkeyProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared configuration's defaults are the documented ones (DESIGN.md, "Defaults" and invariant 6).
 */
class CorePropertiesDefaultsTests {

	private final Binder binder = new Binder(new MapConfigurationPropertySource(Map.of()));

	@Test
	void valkeyFailsFastByDefaultAndTheGateSharesItsNode() {
		ValkeyProperties valkey = this.binder.bindOrCreate("minitickets.valkey", ValkeyProperties.class);

		assertThat(valkey.commandTimeout()).isEqualTo(Duration.ofMillis(250));
		assertThat(valkey.effectiveGateUrl()).isEqualTo(valkey.url()).isEqualTo("redis://127.0.0.1:6379");
		assertThat(valkey.keyPrefix()).isEmpty();
	}

	@Test
	void gateIsOnWithTenMinuteLeases() {
		GateProperties gate = this.binder.bindOrCreate("minitickets.gate", GateProperties.class);

		assertThat(gate.enabled()).isTrue();
		assertThat(gate.leaseTtl()).isEqualTo(Duration.ofMinutes(10));
	}

	@Test
	void topicsHaveTwelvePartitionsAndOnlyOneServiceMigrates() {
		assertThat(this.binder.bindOrCreate("minitickets.topics", TopicProperties.class).partitions()).isEqualTo(12);
		assertThat(this.binder.bindOrCreate("minitickets.schema", SchemaProperties.class).migrate()).isFalse();
		assertThat(this.binder.bindOrCreate("minitickets.status-cache", StatusCacheProperties.class).ttl())
			.isEqualTo(Duration.ofHours(24));
	}

}
