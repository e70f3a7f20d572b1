package io.minitickets.core.payment;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkout expires with its hold where Stripe allows it (30 min to 24 h after creation), at the window's edge
 * otherwise.
 */
class CheckoutExpiryTests {

	private final Instant now = Instant.parse("2026-12-03T10:00:00Z");

	@Test
	void keepsAHoldsExpiryInsideStripesWindow() {
		Instant hold = this.now.plus(Duration.ofHours(2));

		assertThat(StripePaymentProvider.checkoutExpiry(hold, this.now)).isEqualTo(hold);
	}

	@Test
	void movesAShortHoldsExpiryToThirtyOneMinutes() {
		Instant hold = this.now.plus(Duration.ofMinutes(10));

		assertThat(StripePaymentProvider.checkoutExpiry(hold, this.now))
			.isEqualTo(this.now.plus(Duration.ofMinutes(31)));
	}

	@Test
	void movesADayLongHoldsExpiryJustInsideTwentyFourHours() {
		Instant hold = this.now.plus(Duration.ofDays(1));

		assertThat(StripePaymentProvider.checkoutExpiry(hold, this.now))
			.isEqualTo(this.now.plus(Duration.ofHours(24).minusMinutes(1)));
	}

}
