package io.minitickets.api;

import java.time.Duration;
import java.util.Map;

import io.minitickets.api.booking.BookingInFlightProperties;
import io.minitickets.api.booking.BookingProperties;
import io.minitickets.api.booking.BookingStreamProperties;
import io.minitickets.api.booking.BookingWaitProperties;
import io.minitickets.api.event.EventProperties;
import io.minitickets.api.queue.QueueProperties;
import io.minitickets.api.ratelimit.RateLimitProperties;
import io.minitickets.api.web.ApiProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The defaults of api-service's configuration are the documented ones (DESIGN.md, "Defaults").
 */
class ApiPropertiesDefaultsTests {

	private final Binder binder = new Binder(new MapConfigurationPropertySource(Map.of()));

	@Test
	void rateLimitDefaultsAreTheDesignsBuckets() {
		RateLimitProperties properties = bind("minitickets.rate-limit", RateLimitProperties.class);

		assertThat(properties.bookingCapacity()).isEqualTo(10);
		assertThat(properties.bookingRefillInterval()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.loginCapacity()).isEqualTo(20);
		assertThat(properties.loginRefillInterval()).isEqualTo(Duration.ofSeconds(3));
		assertThat(properties.trustProxyHops()).isZero();
	}

	@Test
	void bookingDefaultsKeepIdempotencyKeysForADay() {
		BookingProperties properties = bind("minitickets.booking", BookingProperties.class);

		assertThat(properties.idempotencyTtl()).isEqualTo(Duration.ofHours(24));
		assertThat(properties.sendTimeout()).isEqualTo(Duration.ofSeconds(6));
		assertThat(properties.idempotencyClaimTtl()).isEqualTo(Duration.ofSeconds(30))
			.isGreaterThan(properties.sendTimeout());
		assertThat(properties.pendingRecheck()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void bookingInFlightLimitDefaults() {
		BookingInFlightProperties properties = bind("minitickets.booking.in-flight", BookingInFlightProperties.class);

		assertThat(properties.max()).isEqualTo(256);
		assertThat(properties.retryAfter()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void longPollDefaultsCapTheWaitAtThirtySeconds() {
		BookingWaitProperties properties = bind("minitickets.booking.wait", BookingWaitProperties.class);

		assertThat(properties.most()).isEqualTo(Duration.ofSeconds(30));
		assertThat(properties.max()).isEqualTo(10_000);
		assertThat(properties.retryAfter()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void streamDefaults() {
		BookingStreamProperties properties = bind("minitickets.booking.stream", BookingStreamProperties.class);

		assertThat(properties.max()).isEqualTo(25_000);
		assertThat(properties.heartbeat()).isEqualTo(Duration.ofSeconds(15));
		assertThat(properties.positionPeriod()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.timeout()).isEqualTo(Duration.ofMinutes(30));
		assertThat(properties.retryAfter()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.ticketTtl()).isEqualTo(Duration.ofSeconds(60));
	}

	@Test
	void queueDefaultsReadTheBrokerOnceASecond() {
		QueueProperties properties = bind("minitickets.queue", QueueProperties.class);

		assertThat(properties.pollPeriod()).isEqualTo(Duration.ofSeconds(1));
		assertThat(properties.rateHalfLife()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.kafkaTimeout()).isEqualTo(Duration.ofSeconds(2));
		assertThat(properties.remembered()).isEqualTo(200_000);
	}

	@Test
	void eventCacheAndBodyLimitDefaults() {
		assertThat(bind("minitickets.events", EventProperties.class).cacheTtl()).isEqualTo(Duration.ofSeconds(2));
		assertThat(bind("minitickets.api", ApiProperties.class).maxRequestBytes()).isEqualTo(DataSize.ofKilobytes(16));
	}

	private <T> T bind(String prefix, Class<T> type) {
		return this.binder.bindOrCreate(prefix, type);
	}

}
