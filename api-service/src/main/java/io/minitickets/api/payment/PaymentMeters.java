package io.minitickets.api.payment;

import java.util.EnumMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * {@code minitickets.payments.refused{reason}}: webhooks answered 400 or 404, by why. Each is also logged.
 */
@Component
class PaymentMeters {

	private final Map<RefusalReason, Counter> refused = new EnumMap<>(RefusalReason.class);

	PaymentMeters(MeterRegistry registry) {
		for (RefusalReason reason : RefusalReason.values()) {
			this.refused.put(reason,
					Counter.builder("minitickets.payments.refused")
						.description("Payment webhooks refused (400 or 404), by reason")
						.tag("reason", reason.tag())
						.register(registry));
		}
	}

	void refused(RefusalReason reason) {
		this.refused.get(reason).increment();
	}

}
