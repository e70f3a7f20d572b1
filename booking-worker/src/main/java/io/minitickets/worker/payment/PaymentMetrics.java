package io.minitickets.worker.payment;

import java.util.EnumMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * {@code minitickets.payments.applied{outcome}}, {@code minitickets.payments.duplicate},
 * {@code minitickets.refunds{state}} and the gauge {@code minitickets.refunds.pending}.
 */
@Component
class PaymentMetrics {

	private final Map<PaymentOutcome, Counter> applied = new EnumMap<>(PaymentOutcome.class);

	private final Map<RefundState, Counter> refunds = new EnumMap<>(RefundState.class);

	private final Counter duplicate;

	PaymentMetrics(MeterRegistry registry, PaymentRepository repository) {
		for (PaymentOutcome outcome : PaymentOutcome.values()) {
			if (outcome != PaymentOutcome.DUPLICATE) {
				this.applied.put(outcome, Counter.builder("minitickets.payments.applied")
					.description("Payments applied to bookings, by what they did")
					.tag("outcome", outcome.tag())
					.register(registry));
			}
		}
		this.duplicate = Counter.builder("minitickets.payments.duplicate")
			.description("Payments whose provider event or payment was applied before: nothing changed")
			.register(registry);
		for (RefundState state : RefundState.values()) {
			this.refunds.put(state, Counter.builder("minitickets.refunds")
				.description("Refunds recorded, issued, and failed calls to the provider")
				.tag("state", state.tag())
				.register(registry));
		}
		Gauge.builder("minitickets.refunds.pending", repository, PaymentRepository::pendingRefundCount)
			.description("Refunds recorded and not yet taken by the provider")
			.register(registry);
	}

	void applied(PaymentOutcome outcome) {
		if (outcome == PaymentOutcome.DUPLICATE) {
			this.duplicate.increment();
		}
		else {
			this.applied.get(outcome).increment();
		}
	}

	void refund(RefundState state) {
		this.refunds.get(state).increment();
	}

}
