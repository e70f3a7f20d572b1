package io.minitickets.simulator.checkout;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.minitickets.simulator.stripe.FormParams;
import io.minitickets.simulator.stripe.StripeIds;
import io.minitickets.simulator.stripe.StripeRequestException;
import org.springframework.stereotype.Component;

/**
 * The simulator's Checkout Sessions, in memory (a restart forgets them, like a fresh test account), and the
 * transitions a payment makes on them.
 */
@Component
public class CheckoutSessions {

	/** Stripe accepts {@code expires_at} from 30 minutes to 24 hours after creation. */
	static final Duration SHORTEST = Duration.ofMinutes(30);

	static final Duration LONGEST = Duration.ofHours(24);

	private final Map<String, CheckoutSession> sessions = new ConcurrentHashMap<>();

	private final Clock clock = Clock.systemUTC();

	/**
	 * Creates a session from {@code POST /v1/checkout/sessions}'s parameters.
	 * @param form the parameters: {@code mode=payment}, one line item with {@code price_data}, success and cancel
	 * URLs, optional {@code client_reference_id}, {@code metadata}, {@code payment_intent_data[metadata]} and
	 * {@code expires_at} (default 24 h)
	 * @param pageBase the simulator's base URL, for the checkout page's URL
	 * @return the new session
	 * @throws StripeRequestException (400) naming the parameter that is missing or out of range
	 */
	public CheckoutSession create(FormParams form, URI pageBase) {
		if (!"payment".equals(form.required("mode"))) {
			throw StripeRequestException.invalid("mode", "The simulator supports mode=payment only.");
		}
		Instant now = this.clock.instant();
		String expiresAt = form.optional("expires_at");
		Instant expiry = (expiresAt != null) ? Instant.ofEpochSecond(form.requiredLong("expires_at", 0))
				: now.plus(LONGEST);
		if (expiry.isBefore(now.plus(SHORTEST)) || expiry.isAfter(now.plus(LONGEST))) {
			throw StripeRequestException.invalid("expires_at",
					"The `expires_at` timestamp must be between 30 minutes and 24 hours from the Checkout Session's "
							+ "creation.");
		}
		if (form.optional("line_items[1][quantity]") != null) {
			throw StripeRequestException.invalid("line_items", "The simulator supports one line item.");
		}
		if (form.requiredLong("line_items[0][quantity]", 1) != 1) {
			throw StripeRequestException.invalid("line_items[0][quantity]", "The simulator supports quantity 1.");
		}
		String id = StripeIds.next("cs_test");
		CheckoutSession session = new CheckoutSession(id, form.optional("client_reference_id"), form.map("metadata"),
				form.map("payment_intent_data[metadata]"),
				form.requiredLong("line_items[0][price_data][unit_amount]", 1),
				form.required("line_items[0][price_data][currency]").toLowerCase(java.util.Locale.ROOT),
				form.required("line_items[0][price_data][product_data][name]"), form.required("success_url"),
				form.required("cancel_url"), pageBase.resolve("/checkout/" + id), now, expiry, "open", "unpaid", null);
		this.sessions.put(id, session);
		return session;
	}

	/**
	 * @param id a session id
	 * @return the session, or empty when there is none of that id
	 */
	public Optional<CheckoutSession> find(String id) {
		return Optional.ofNullable(this.sessions.get(id));
	}

	/**
	 * @param paymentIntent a payment's id
	 * @return the paid session whose payment it is, or empty when no session was paid with it
	 */
	public Optional<CheckoutSession> paidBy(String paymentIntent) {
		return this.sessions.values()
			.stream()
			.filter((session) -> paymentIntent.equals(session.paymentIntent()) && "paid".equals(session.paymentStatus()))
			.findFirst();
	}

	/**
	 * Completes an open session: paid, or declined.
	 * @param id the session's id
	 * @param paid true to pay, false to decline
	 * @return the completed session
	 * @throws SessionNotOpenException when there is no such session or it is complete or expired already
	 */
	public CheckoutSession complete(String id, boolean paid) {
		Instant now = this.clock.instant();
		CheckoutSession completed = this.sessions.computeIfPresent(id, (key, session) -> {
			if (!"open".equals(session.statusAt(now))) {
				throw new SessionNotOpenException(id, session.statusAt(now));
			}
			return session.completed(StripeIds.next("pi"), paid);
		});
		if (completed == null) {
			throw new SessionNotOpenException(id, "unknown");
		}
		return completed;
	}

	/**
	 * @return the current time, for rendering sessions
	 */
	public Instant now() {
		return this.clock.instant();
	}

}
