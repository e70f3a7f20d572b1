package io.minitickets.api.booking;

import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import org.springframework.stereotype.Component;

/**
 * Bounds the booking requests one api-service instance works on at once ({@link BookingInFlightProperties#max()}):
 * the booking entry point calls {@link #tryEnter()} first and, when it returned true, {@link #exit()} once it has
 * answered; beyond the limit it answers {@link #overloaded()} at once, so a stampede during a Kafka outage cannot
 * park thousands of requests (each holding its buffers) until the send timeout.
 * <p>
 * One atomic counter: no lock and no allocation on the way in or out. Meters: {@code minitickets.bookings.in-flight}
 * (gauge, requests in progress) and {@code minitickets.bookings.shed} (requests answered 503 beyond the limit).
 */
@Component
class BookingInFlightLimit {

	private final AtomicInteger inFlight = new AtomicInteger();

	private final int max;

	private final long retryAfterSeconds;

	private final Counter shed;

	BookingInFlightLimit(BookingInFlightProperties properties, MeterRegistry registry) {
		this.max = properties.max();
		this.retryAfterSeconds = Math.max(1, (properties.retryAfter().toMillis() + 999) / 1000);
		Gauge.builder("minitickets.bookings.in-flight", this.inFlight, AtomicInteger::get)
			.description("Booking requests in progress on this instance")
			.register(registry);
		this.shed = Counter.builder("minitickets.bookings.shed")
			.description("Booking requests answered 503 at once because the in-flight limit was reached")
			.register(registry);
	}

	/**
	 * Takes a place for one booking request.
	 * @return true when the request may go on (call {@link #exit()} once it is answered); false when the limit is
	 * reached: nothing was taken, the request was counted as shed and must be answered {@link #overloaded()}
	 */
	boolean tryEnter() {
		if (this.inFlight.incrementAndGet() <= this.max) {
			return true;
		}
		this.inFlight.decrementAndGet();
		this.shed.increment();
		return false;
	}

	/**
	 * Gives back the place a {@link #tryEnter()} that returned true took.
	 */
	void exit() {
		this.inFlight.decrementAndGet();
	}

	/**
	 * @return the 503 (problem+json, Retry-After) of a request {@link #tryEnter()} refused
	 */
	ApiException overloaded() {
		return Problems.unavailable("This server is working on " + this.max + " booking requests already, its "
				+ "limit; nothing was booked. Retry after the Retry-After delay.", this.retryAfterSeconds)
			.with("inFlightLimit", this.max);
	}

	/**
	 * @return booking requests in progress now
	 */
	int inFlight() {
		return this.inFlight.get();
	}

}
