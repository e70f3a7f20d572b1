package io.minitickets.worker.waitlist;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code minitickets.waitlist.offers{outcome}}: waiting-list offers, counted after the commit that decided them:
 * {@code made} (a booking made for an entry), {@code taken} (an offer confirmed: paid, or a free event's offer,
 * CONFIRMED at once) and {@code expired} (an offer ended unconfirmed: its hold passed unpaid, or its customer
 * cancelled it; its seats went on down the list).
 */
@Component
public class WaitlistMetrics {

	private final Counter made;

	private final Counter taken;

	private final Counter expired;

	WaitlistMetrics(MeterRegistry registry) {
		this.made = offers(registry, "made");
		this.taken = offers(registry, "taken");
		this.expired = offers(registry, "expired");
	}

	/**
	 * @param offers offers made
	 * @param taken offers confirmed (a free event's at once, or a paid one on its payment)
	 */
	public void made(int offers, int taken) {
		this.made.increment(offers);
		this.taken.increment(taken);
	}

	/**
	 * Counts one paid offer confirmed by its payment.
	 */
	void taken() {
		this.taken.increment();
	}

	/**
	 * @param offers offers whose booking ended unconfirmed (expired unpaid, or cancelled)
	 */
	public void expired(int offers) {
		this.expired.increment(offers);
	}

	private static Counter offers(MeterRegistry registry, String outcome) {
		return Counter.builder("minitickets.waitlist.offers")
			.description("Waiting-list offers, by what became of them")
			.tag("outcome", outcome)
			.register(registry);
	}

}
