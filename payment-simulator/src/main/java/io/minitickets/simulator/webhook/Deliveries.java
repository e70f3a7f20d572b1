package io.minitickets.simulator.webhook;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The record of deliveries, newest kept: the last {@value #KEPT} (a load test's older ones are dropped).
 */
@Component
public class Deliveries {

	/** How many deliveries are kept. */
	static final int KEPT = 100_000;

	private final AtomicLong sequence = new AtomicLong();

	private final Map<Long, Delivery> deliveries = new ConcurrentSkipListMap<>();

	/**
	 * @param event the event to deliver
	 * @return a new pending delivery of it
	 */
	Delivery start(WebhookEvent event) {
		long number = this.sequence.incrementAndGet();
		Delivery delivery = new Delivery("dlv_" + number, event.id(), event.type(), event.bookingId(),
				Delivery.State.PENDING, 0, null, null, Instant.now(), null);
		this.deliveries.put(number, delivery);
		this.deliveries.remove(number - KEPT);
		return delivery;
	}

	/**
	 * Records an attempt's outcome.
	 * @param delivery the delivery
	 * @param status the HTTP status; null when there was no answer
	 * @param error why there was no answer; null when there was one
	 * @param next the state it is in now
	 * @return the delivery as recorded now
	 */
	Delivery attempted(Delivery delivery, @Nullable Integer status, @Nullable String error, Delivery.State next) {
		long number = Long.parseLong(delivery.id().substring("dlv_".length()));
		Delivery updated = delivery.attempted(status, error, next, Instant.now());
		// one delivery's attempts run one after the other, so the delivery passed in is the one recorded
		this.deliveries.computeIfPresent(number, (key, recorded) -> updated);
		return updated;
	}

	/**
	 * @param bookingId only this booking's deliveries; null for all
	 * @return the kept deliveries, oldest first
	 */
	public List<Delivery> list(@Nullable String bookingId) {
		Collection<Delivery> all = this.deliveries.values();
		return all.stream().filter((delivery) -> bookingId == null || bookingId.equals(delivery.bookingId())).toList();
	}

}
