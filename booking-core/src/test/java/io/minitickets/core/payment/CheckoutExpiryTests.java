package io.minitickets.core.payment;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkout expires 31 minutes after its hold, whenever it is created: Stripe takes an expiry at least 30 minutes
 * after creation, and a retry must send the first request's parameters.
 */
class CheckoutExpiryTests {

	@Test
	void keepsTheCheckoutOpenThirtyOneMinutesPastItsHold() {
		Instant hold = Instant.parse("2026-12-03T10:10:00Z");

		assertThat(StripePaymentProvider.checkoutExpiry(hold)).isEqualTo(Instant.parse("2026-12-03T10:41:00Z"));
	}

	@Test
	void isFarEnoughAheadForStripeWhenCreatedAtTheLastMomentOfTheHold() {
		Instant hold = Instant.parse("2026-12-03T10:10:00Z");

		assertThat(Duration.between(hold, StripePaymentProvider.checkoutExpiry(hold)))
			.isGreaterThan(Duration.ofMinutes(30));
	}

}
