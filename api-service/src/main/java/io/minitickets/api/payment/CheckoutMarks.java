package io.minitickets.api.payment;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Remembers in Valkey that a HELD booking's checkout was opened ({@code bk:{<booking id>}:checkout}), so its status
 * shows the payment state PENDING_CHECKOUT until the payment is applied. Best effort both ways: a mark that cannot be
 * written or read shows NONE, as before a checkout; Postgres is not touched (nothing changes when a checkout opens).
 */
@Component
public class CheckoutMarks {

	private static final Logger logger = LoggerFactory.getLogger(CheckoutMarks.class);

	/** How long a mark outlives its hold: past it, the booking is EXPIRED or paid, and the mark says nothing. */
	static final Duration AFTER_HOLD = Duration.ofMinutes(1);

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	CheckoutMarks(ValkeyConnection connection, ValkeyKeys keys) {
		this.connection = connection;
		this.keys = keys;
	}

	/**
	 * Marks a booking's checkout opened, until a minute after its hold expires.
	 * @param bookingId the HELD booking
	 * @param checkoutId the provider's checkout id
	 * @param holdExpiresAt when its hold expires
	 */
	void opened(UUID bookingId, String checkoutId, Instant holdExpiresAt) {
		try {
			this.connection.sync()
				.set(this.keys.bookingCheckout(bookingId), checkoutId,
						SetArgs.Builder.pxAt(holdExpiresAt.plus(AFTER_HOLD).toEpochMilli()));
		}
		catch (RedisException | ValkeyUnavailableException ex) {
			logger.debug("The checkout mark of booking {} was not written; its status shows NONE", bookingId, ex);
		}
	}

	/**
	 * @param bookingId a HELD booking
	 * @return true when its checkout was opened (and the mark could be read), false otherwise
	 */
	public boolean isOpen(UUID bookingId) {
		try {
			return this.connection.sync().exists(this.keys.bookingCheckout(bookingId)) > 0;
		}
		catch (RedisException | ValkeyUnavailableException ex) {
			logger.debug("The checkout mark of booking {} could not be read; its status shows NONE", bookingId, ex);
			return false;
		}
	}

}
