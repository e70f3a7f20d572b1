package io.minitickets.api.board;

import java.time.Duration;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.minitickets.api.board.BookingRequestMeters.RequestCounts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Rates and p99 of the booking request, read from the same Prometheus registry the service uses.
 */
class BookingRequestMetersTests {

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	BookingRequestMetersTests() {
		this.registry.config().meterFilter(BookingRequestMeters.histogram());
	}

	@Test
	void countsTheBookingRequestByStatusAndNothingElse() {
		RequestCounts before = BookingRequestMeters.read(this.registry);
		record("POST", BookingRequestMeters.URI, "202", 10, 30);
		record("POST", BookingRequestMeters.URI, "409", 10, 5);
		record("POST", BookingRequestMeters.URI, "429", 10, 2);
		record("POST", BookingRequestMeters.URI, "503", 10, 1);
		record("POST", BookingRequestMeters.URI, "400", 10, 1);
		record("GET", "/api/events/{eventId}", "200", 10, 50);

		RequestCounts after = BookingRequestMeters.read(this.registry);

		BookingRequestMeters.Rates rates = after.ratesSince(before, Duration.ofSeconds(2));
		assertThat(rates.accepted()).isEqualTo(15);
		assertThat(rates.conflict()).isEqualTo(2.5);
		assertThat(rates.tooMany()).isEqualTo(1);
		assertThat(rates.unavailable()).isEqualTo(0.5);
		assertThat(rates.other()).isEqualTo(0.5);
	}

	@Test
	void findsTheP99InsideItsBucket() {
		RequestCounts before = BookingRequestMeters.read(this.registry);
		record("POST", BookingRequestMeters.URI, "202", 3, 980);
		record("POST", BookingRequestMeters.URI, "409", 150, 20);

		RequestCounts after = BookingRequestMeters.read(this.registry);

		// rank 990 of 1000: the 10th of the 20 requests in the 100–200 ms bucket
		assertThat(after.p99MillisSince(before)).isCloseTo(150, within(0.01));
	}

	@Test
	void hasNoP99WithoutRequestsAndTheLastBoundPastIt() {
		RequestCounts empty = BookingRequestMeters.read(this.registry);
		assertThat(empty.p99MillisSince(empty)).isNull();

		record("POST", BookingRequestMeters.URI, "503", 9_000, 5);

		assertThat(BookingRequestMeters.read(this.registry).p99MillisSince(empty)).isEqualTo(5000);
	}

	@Test
	void keepsThePrometheusScrapeWhole() {
		record("POST", BookingRequestMeters.URI, "202", 3, 1);
		record("GET", "/api/events/{eventId}", "200", 3, 1);

		assertThat(this.registry.scrape())
			.contains("http_server_requests_seconds_bucket{exception=\"none\",method=\"POST\",outcome=\"SUCCESS\","
					+ "status=\"202\",uri=\"/api/events/{eventId}/bookings\",le=\"0.005\"} 1")
			.contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\"");
	}

	private void record(String method, String uri, String status, long millis, int times) {
		Timer timer = Timer.builder("http.server.requests")
			.tags("method", method, "uri", uri, "status", status, "outcome", "SUCCESS", "exception", "none")
			.register(this.registry);
		for (int i = 0; i < times; i++) {
			timer.record(Duration.ofMillis(millis));
		}
	}

}
