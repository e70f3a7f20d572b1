package io.minitickets.core.payment;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.exception.StripeException;
import com.stripe.model.Event;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.net.Webhook;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.checkout.SessionCreateParams;
import org.jspecify.annotations.Nullable;

/**
 * The production {@link PaymentProvider}: Stripe Checkout Sessions, refunds and webhooks through Stripe's own library
 * (stripe-java), on a {@link StripeClient} of its own (never the global {@code Stripe.apiKey}) whose API base is
 * configurable, so that the local stack runs this same adapter against the payment simulator.
 *
 * @see <a href="https://docs.stripe.com/api/checkout/sessions/create">Create a Checkout Session</a>
 * @see <a href="https://docs.stripe.com/api/refunds/create">Create a refund</a>
 * @see <a href="https://docs.stripe.com/webhooks#verify-events">Verify webhook signatures</a>
 */
public final class StripePaymentProvider implements PaymentProvider {

	/** The metadata key that carries the booking id on the checkout, its payment and refunds. */
	public static final String BOOKING_ID = "booking_id";

	/**
	 * How long a checkout stays open after its hold expires. Stripe takes an {@code expires_at} 30 min to 24 h after
	 * the session's creation, and a retried create must send the same parameters as the first (or Stripe refuses the
	 * idempotency key); so the expiry is a function of the hold's expiry alone, late enough for a create made at any
	 * time while the hold lives, with a minute more for the difference between this machine's clock and Stripe's.
	 */
	static final Duration CHECKOUT_OUTLIVES_HOLD = Duration.ofMinutes(31);

	private final StripeClient client;

	private final String webhookSecret;

	private final long toleranceSeconds;

	/**
	 * @param properties the API key, webhook secret, API base, timeouts and webhook tolerance
	 * @throws IllegalArgumentException when the API key or the webhook secret is missing, or a timeout does not fit
	 * in an int of milliseconds
	 */
	public StripePaymentProvider(PaymentProperties properties) {
		this.client = StripeClient.builder()
			.setApiKey(required(properties.apiKey(), "minitickets.payment.api-key"))
			.setApiBase(properties.apiBase().toString().replaceAll("/+$", ""))
			.setConnectTimeout(Math.toIntExact(properties.connectTimeout().toMillis()))
			.setReadTimeout(Math.toIntExact(properties.readTimeout().toMillis()))
			.setMaxNetworkRetries(properties.maxNetworkRetries())
			.build();
		this.webhookSecret = required(properties.webhookSecret(), "minitickets.payment.webhook-secret");
		this.toleranceSeconds = properties.webhookTolerance().toSeconds();
	}

	@Override
	public Checkout createCheckout(CheckoutRequest request) {
		SessionCreateParams params = SessionCreateParams.builder()
			.setMode(SessionCreateParams.Mode.PAYMENT)
			.setClientReferenceId(request.bookingId())
			.putMetadata(BOOKING_ID, request.bookingId())
			.setPaymentIntentData(
					SessionCreateParams.PaymentIntentData.builder().putMetadata(BOOKING_ID, request.bookingId()).build())
			.setExpiresAt(checkoutExpiry(request.expiresAt()).getEpochSecond())
			.setSuccessUrl(request.successUrl().toString())
			.setCancelUrl(request.cancelUrl().toString())
			.addLineItem(SessionCreateParams.LineItem.builder()
				.setQuantity(1L)
				.setPriceData(SessionCreateParams.LineItem.PriceData.builder()
					.setCurrency(request.currency())
					.setUnitAmount(request.amount())
					.setProductData(SessionCreateParams.LineItem.PriceData.ProductData.builder()
						.setName(request.description())
						.build())
					.build())
				.build())
			.build();
		try {
			Session session = this.client.v1().checkout().sessions().create(params, idempotent(request.bookingId()));
			return new Checkout(session.getId(), request.bookingId(), URI.create(session.getUrl()),
					Instant.ofEpochSecond(session.getExpiresAt()));
		}
		catch (StripeException ex) {
			throw translate("Creating the checkout for booking " + request.bookingId(), ex);
		}
	}

	@Override
	public Refund refund(RefundRequest request) {
		RefundCreateParams params = RefundCreateParams.builder()
			.setPaymentIntent(request.paymentId())
			.setAmount(request.amount())
			.putMetadata(BOOKING_ID, request.bookingId())
			.build();
		try {
			com.stripe.model.Refund refund = this.client.v1()
				.refunds()
				.create(params, idempotent(request.idempotencyKey()));
			return new Refund(refund.getId(), request.paymentId(), refund.getAmount(), refund.getCurrency(),
					refund.getStatus());
		}
		catch (StripeException ex) {
			throw translate("Refunding booking " + request.bookingId(), ex);
		}
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The signature and timestamp are checked by stripe-java's own {@link Webhook.Signature#verifyHeader} first, so a
	 * header the library cannot even parse is told from a payload it cannot read; {@link Webhook#constructEvent} then
	 * reads the event.
	 */
	@Override
	public PaymentEvent verifyWebhook(byte[] payload, @Nullable String signatureHeader) {
		if (signatureHeader == null || signatureHeader.isBlank()) {
			throw new WebhookRejectedException(WebhookRejectedException.Reason.MISSING_SIGNATURE);
		}
		String body = new String(payload, StandardCharsets.UTF_8);
		verifySignature(body, signatureHeader);
		Event event;
		try {
			event = Webhook.constructEvent(body, signatureHeader, this.webhookSecret, this.toleranceSeconds);
		}
		catch (SignatureVerificationException | RuntimeException ex) {
			throw new WebhookRejectedException(WebhookRejectedException.Reason.MALFORMED_PAYLOAD,
					"not a Stripe event: " + ex.getMessage());
		}
		return StripeEvents.read(event, payload);
	}

	private void verifySignature(String body, String signatureHeader) {
		try {
			Webhook.Signature.verifyHeader(body, signatureHeader, this.webhookSecret, this.toleranceSeconds);
		}
		catch (SignatureVerificationException ex) {
			throw new WebhookRejectedException(StripeEvents.reasonOf(ex), ex.getMessage());
		}
		catch (RuntimeException ex) {
			// stripe-java parses "t=" with Long.parseLong and splits items on '=': garbage fails there, unchecked
			throw new WebhookRejectedException(WebhookRejectedException.Reason.MALFORMED_SIGNATURE_HEADER,
					unreadable(signatureHeader));
		}
	}

	/**
	 * What is wrong with a header stripe-java failed to parse, in words for the client: its {@code t=} or a {@code v1}
	 * item without a value, or a {@code t=} that is not a whole number of seconds (a {@code long}).
	 */
	private static String unreadable(String signatureHeader) {
		for (String item : signatureHeader.split(",", -1)) {
			String[] pair = item.split("=", 2);
			String key = pair[0];
			if (pair.length < 2 && (key.equals("t") || key.equals("v1"))) {
				return "its " + key + " item has no '=' and no value";
			}
			if (pair.length == 2 && key.equals("t") && !wholeSeconds(pair[1])) {
				return "the t= timestamp is not a whole number of seconds";
			}
		}
		return "it is not t=<Unix seconds>,v1=<hex signature>";
	}

	private static boolean wholeSeconds(String value) {
		try {
			Long.parseLong(value);
			return true;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/**
	 * The checkout's expiry: 31 minutes after the hold's. A payment made after the hold
	 * expired is the "paid after EXPIRED" case of the booking lifecycle (confirmed if the seats are still free, else
	 * refunded). Stripe refuses an expiry more than 24 h after creation, so a hold that ends more than 23 h 29 min
	 * after its checkout is created cannot be paid at Stripe ({@link PaymentRefusedException}).
	 * @param holdExpiresAt when the hold expires
	 * @return the expiry to ask Stripe for; the same for every retry of the same hold
	 */
	static Instant checkoutExpiry(Instant holdExpiresAt) {
		return holdExpiresAt.plus(CHECKOUT_OUTLIVES_HOLD);
	}

	private static RequestOptions idempotent(String key) {
		return RequestOptions.builder().setIdempotencyKey(key).build();
	}

	/**
	 * Network failures, 429 and 5xx may pass with a retry (same idempotency key); everything else is the request's
	 * fault or the configuration's.
	 */
	private static PaymentProviderException translate(String what, StripeException ex) {
		String message = what + " failed: " + ex.getMessage();
		Integer status = ex.getStatusCode();
		if (ex instanceof ApiConnectionException || ex instanceof RateLimitException || ex instanceof ApiException
				|| (status != null && status >= 500)) {
			return new PaymentUnavailableException(message, ex);
		}
		return new PaymentRefusedException(message, ex);
	}

	private static String required(@Nullable String value, String property) {
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(property + " is not set; the payment provider needs it");
		}
		return Objects.requireNonNull(value);
	}

}
