package io.minitickets.api.payment;

import java.net.URI;
import java.util.Objects;
import java.util.UUID;

import io.minitickets.api.booking.UnsettledBookings;
import io.minitickets.api.payment.PaymentBookings.OwnedBooking;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.payment.Checkout;
import io.minitickets.core.payment.CheckoutRequest;
import io.minitickets.core.payment.PaymentProvider;
import io.minitickets.core.payment.PaymentRefusedException;
import io.minitickets.core.payment.PaymentUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Opens the provider's checkout for a held booking. The provider's idempotency key is the booking id, so asking
 * again returns the same checkout; nothing changes in Postgres (the worker applies the payment when the webhook
 * comes). The opened checkout is marked in Valkey ({@link CheckoutMarks}) for the status's PENDING_CHECKOUT.
 */
@Service
class Checkouts {

	private static final Logger logger = LoggerFactory.getLogger(Checkouts.class);

	/** A PENDING booking is settled within a second or so on a healthy pipeline. */
	static final long NOT_HELD_YET_RETRY_AFTER_SECONDS = 1;

	/** The provider is asked again after a short pause; its own network retries already ran. */
	static final long PROVIDER_RETRY_AFTER_SECONDS = 5;

	private final PaymentBookings bookings;

	private final UnsettledBookings unsettled;

	private final ObjectProvider<PaymentProvider> provider;

	private final URI returnBase;

	private final CheckoutMarks marks;

	Checkouts(PaymentBookings bookings, UnsettledBookings unsettled, ObjectProvider<PaymentProvider> provider,
			PaymentApiProperties properties, CheckoutMarks marks) {
		this.marks = marks;
		this.bookings = bookings;
		this.unsettled = unsettled;
		this.provider = provider;
		this.returnBase = properties.returnBase();
	}

	/**
	 * @param bookingId the booking
	 * @param userId the caller
	 * @return the checkout of the held booking
	 * @throws ApiException 404 when the booking is not the caller's or does not exist; 409 when it is not HELD
	 * (PENDING with Retry-After, or without one for a free event's, which takes no payment; any other status named in the problem's {@code bookingStatus}); 503 with Retry-After when
	 * no provider is configured or the provider cannot create the checkout now
	 */
	CheckoutView checkout(UUID bookingId, long userId) {
		OwnedBooking booking = this.bookings.findOwned(bookingId, userId)
			.orElseThrow(() -> this.unsettled.paymentRefusal(bookingId, userId, NOT_HELD_YET_RETRY_AFTER_SECONDS));
		if (booking.status() != BookingStatus.HELD) {
			throw Problems
				.conflict("Booking " + bookingId + " is " + booking.status() + "; only a HELD booking can be paid.")
				.with("bookingId", bookingId)
				.with("bookingStatus", booking.status());
		}
		PaymentBookings.Price price = Objects.requireNonNull(booking.price());
		CheckoutRequest request = new CheckoutRequest(bookingId.toString(), price.amount(), price.currency(),
				booking.eventName(), this.returnBase.resolve("api/bookings/" + bookingId),
				this.returnBase.resolve("api/bookings/" + bookingId), Objects.requireNonNull(booking.holdExpiresAt()));
		Checkout checkout = create(request);
		this.marks.opened(bookingId, checkout.checkoutId(), request.expiresAt());
		return new CheckoutView(checkout.checkoutId(), checkout.url(), price.amount(), price.currency(),
				request.expiresAt());
	}

	private Checkout create(CheckoutRequest request) {
		PaymentProvider payments = this.provider.getIfAvailable();
		if (payments == null) {
			throw Problems.unavailable("Payments are not configured on this service.", PROVIDER_RETRY_AFTER_SECONDS);
		}
		try {
			return payments.createCheckout(request);
		}
		catch (PaymentUnavailableException ex) {
			logger.warn("The payment provider could not create the checkout of booking {}: {}", request.bookingId(),
					ex.getMessage());
			throw providerDown();
		}
		catch (PaymentRefusedException ex) {
			// our request or our key is wrong, not the customer's: an operator must look
			logger.error("The payment provider refused the checkout of booking {}", request.bookingId(), ex);
			throw providerDown();
		}
	}

	private static ApiException providerDown() {
		return Problems.unavailable("The payment provider cannot take the checkout now; try again shortly.",
				PROVIDER_RETRY_AFTER_SECONDS);
	}

}
