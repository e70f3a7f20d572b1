package io.minitickets.worker.expiry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.worker.release.ReleasedBooking;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The expiry's meters: {@code minitickets.holds.open} (gauge: HELD bookings, all events, read from Postgres when
 * scraped; NaN while Postgres cannot answer), {@code minitickets.holds.expired} (counter: bookings made EXPIRED) and
 * {@code minitickets.holds.expiry.lateness} (timer: how long after its {@code hold_expires_at} each hold was
 * committed EXPIRED, by the worker's clock: count, sum and max; the bar is p99 ≤ 2 s, which the bench measures).
 */
@Component
class ExpiryMetrics {

	private final Counter expired;

	private final Timer lateness;

	private final ExpiryRepository repository;

	ExpiryMetrics(MeterRegistry registry, ExpiryRepository repository) {
		this.repository = repository;
		this.expired = Counter.builder("minitickets.holds.expired")
			.description("HELD bookings made EXPIRED because their hold passed unpaid")
			.register(registry);
		this.lateness = Timer.builder("minitickets.holds.expiry.lateness")
			.description("Time from a hold's hold_expires_at to the commit that expired it")
			.register(registry);
		Gauge.builder("minitickets.holds.open", this, ExpiryMetrics::openHolds)
			.description("Bookings HELD now, all events")
			.register(registry);
	}

	/**
	 * Counts a committed chunk of expired holds and records how late each was.
	 * @param holds the holds
	 */
	void expired(List<ReleasedBooking> holds) {
		Instant now = Instant.now();
		this.expired.increment(holds.size());
		for (ReleasedBooking hold : holds) {
			Duration late = Duration.between(Objects.requireNonNull(hold.hold()).expiresAt(), now);
			this.lateness.record(late.isNegative() ? Duration.ZERO : late);
		}
	}

	private double openHolds() {
		try {
			return this.repository.openHolds();
		}
		catch (DataAccessException ex) {
			return Double.NaN;
		}
	}

}
