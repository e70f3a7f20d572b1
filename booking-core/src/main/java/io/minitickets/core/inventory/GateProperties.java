package io.minitickets.core.inventory;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The inventory gate ({@code minitickets.gate.*}).
 *
 * @param enabled whether the API asks the gate before publishing; when false every booking goes to Kafka ungated and
 * Postgres decides alone ({@code INVENTORY_GATE_ENABLED})
 * @param leaseTtl how long a lease holds seats before the reconciler may give them back; longer than the worst
 * expected queue lag (DESIGN.md default: 10 min)
 * @param settledTtl how long the gate remembers a settle, so a replayed settle without a lease changes nothing
 */
@ConfigurationProperties("minitickets.gate")
public record GateProperties(@DefaultValue("true") boolean enabled, @DefaultValue("10m") Duration leaseTtl,
		@DefaultValue("24h") Duration settledTtl) {
}
