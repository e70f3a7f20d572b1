package io.minitickets.api.board;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import org.jspecify.annotations.Nullable;

/**
 * Reads the booking request's own timer, {@code http.server.requests} for {@code POST /api/events/{eventId}/bookings}
 * (one timer per status), which Spring MVC's observation records on every request anyway: counts by status and a
 * few fixed latency buckets. Reading it costs the hot path nothing; the buckets cost one array increment per HTTP
 * request ({@link #histogram()}).
 */
final class BookingRequestMeters {

	/** The booking request's URI template, as the {@code uri} tag holds it. */
	static final String URI = "/api/events/{eventId}/bookings";

	private static final String NAME = "http.server.requests";

	/** The latency buckets' upper bounds, milliseconds: fine where a booking should answer, coarse past a second. */
	static final double[] BUCKETS_MILLIS = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000 };

	private BookingRequestMeters() {
	}

	/**
	 * Gives the {@code http.server.requests} timers fixed latency buckets, so the booking request's p99 can be read
	 * from counts without client-side percentiles. Every URI gets them, not only the booking request's: Prometheus
	 * cannot expose one name as a histogram for some series and a summary for others (the scrape fails). They appear
	 * on {@code /actuator/prometheus} as {@code http_server_requests_seconds_bucket}.
	 * @return the filter
	 */
	static MeterFilter histogram() {
		return new MeterFilter() {

			@Override
			public @Nullable DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
				if (!NAME.equals(id.getName())) {
					return config;
				}
				double[] nanos = Arrays.stream(BUCKETS_MILLIS).map((millis) -> millis * 1_000_000).toArray();
				return DistributionStatisticConfig.builder().serviceLevelObjectives(nanos).build().merge(config);
			}

		};
	}

	/**
	 * Reads the counts so far, summed over the booking request's timers.
	 * @param registry the service's meters
	 * @return the counts
	 */
	static RequestCounts read(MeterRegistry registry) {
		long accepted = 0;
		long conflict = 0;
		long tooMany = 0;
		long unavailable = 0;
		long other = 0;
		long[] buckets = new long[BUCKETS_MILLIS.length];
		for (Timer timer : registry.find(NAME).tag("uri", URI).tag("method", "POST").timers()) {
			long count = timer.count();
			switch (String.valueOf(timer.getId().getTag("status"))) {
				case "202" -> accepted += count;
				case "409" -> conflict += count;
				case "429" -> tooMany += count;
				case "503" -> unavailable += count;
				default -> other += count;
			}
			for (CountAtBucket bucket : timer.takeSnapshot().histogramCounts()) {
				int index = Arrays.binarySearch(BUCKETS_MILLIS, bucket.bucket(TimeUnit.MILLISECONDS));
				if (index >= 0) {
					buckets[index] += (long) bucket.count();
				}
			}
		}
		return new RequestCounts(accepted, conflict, tooMany, unavailable, other, buckets);
	}

	/**
	 * Cumulative counts of booking requests.
	 *
	 * @param accepted answered 202
	 * @param conflict answered 409 (sold out, sale not open, per-user limit, same Idempotency-Key in progress)
	 * @param tooMany answered 429 (rate limited)
	 * @param unavailable answered 503 (the limiter, a Valkey store or Kafka unavailable)
	 * @param other any other status (400, 401, 404, 422, 500…)
	 * @param buckets requests at or under each of {@link #BUCKETS_MILLIS}, cumulative
	 */
	record RequestCounts(long accepted, long conflict, long tooMany, long unavailable, long other, long[] buckets) {

		/** @return every booking request counted */
		long total() {
			return this.accepted + this.conflict + this.tooMany + this.unavailable + this.other;
		}

		/**
		 * The requests' rates since an earlier reading.
		 * @param earlier the earlier counts
		 * @param elapsed the time between the two
		 * @return requests per second by status
		 */
		Rates ratesSince(RequestCounts earlier, Duration elapsed) {
			double seconds = Math.max(elapsed.toNanos(), 1) / 1e9;
			return new Rates((this.accepted - earlier.accepted) / seconds, (this.conflict - earlier.conflict) / seconds,
					(this.tooMany - earlier.tooMany) / seconds, (this.unavailable - earlier.unavailable) / seconds,
					(this.other - earlier.other) / seconds);
		}

		/**
		 * The 99th percentile of the requests since an earlier reading, interpolated linearly inside its bucket.
		 * @param earlier the earlier counts
		 * @return milliseconds; the last bucket's bound when the percentile lies past it; null when no request came
		 */
		@Nullable Double p99MillisSince(RequestCounts earlier) {
			long total = total() - earlier.total();
			if (total <= 0) {
				return null;
			}
			double rank = 0.99 * total;
			long below = 0;
			for (int i = 0; i < BUCKETS_MILLIS.length; i++) {
				long atOrUnder = this.buckets[i] - earlier.buckets[i];
				if (atOrUnder >= rank) {
					double lower = (i == 0) ? 0 : BUCKETS_MILLIS[i - 1];
					double share = (atOrUnder == below) ? 1 : (rank - below) / (atOrUnder - below);
					return lower + (BUCKETS_MILLIS[i] - lower) * share;
				}
				below = atOrUnder;
			}
			return BUCKETS_MILLIS[BUCKETS_MILLIS.length - 1];
		}

	}

	/**
	 * Booking requests per second by status.
	 *
	 * @param accepted 202 per second
	 * @param conflict 409 per second
	 * @param tooMany 429 per second
	 * @param unavailable 503 per second
	 * @param other any other status per second
	 */
	record Rates(double accepted, double conflict, double tooMany, double unavailable, double other) {
	}

}
