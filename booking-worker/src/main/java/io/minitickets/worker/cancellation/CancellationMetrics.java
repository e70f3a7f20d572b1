package io.minitickets.worker.cancellation;

import java.util.EnumMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * {@code minitickets.cancellations{outcome}}: cancellations applied, by what they did ({@link CancellationOutcome}).
 */
@Component
class CancellationMetrics {

	private final Map<CancellationOutcome, Counter> applied = new EnumMap<>(CancellationOutcome.class);

	CancellationMetrics(MeterRegistry registry) {
		for (CancellationOutcome outcome : CancellationOutcome.values()) {
			this.applied.put(outcome, Counter.builder("minitickets.cancellations")
				.description("Cancellations applied by the worker, by what they did")
				.tag("outcome", outcome.tag())
				.register(registry));
		}
	}

	void applied(CancellationOutcome outcome) {
		this.applied.get(outcome).increment();
	}

}
