package io.minitickets.core.sale;

import java.util.Currency;

import org.jspecify.annotations.Nullable;

/**
 * The bounds of a sale's terms (issue 16) and the checks both ways of creating an event apply; the database's CHECK
 * constraints ({@code V5__paid_events_and_holds.sql}) hold the same bounds as the last line.
 */
public final class SaleTerms {

	/** The most seats an event may have (the admin API's bound on {@code capacity}, and ops' on {@code --capacity}). */
	public static final int MAX_CAPACITY = 1_000_000;

	/** The most seats one booking may be allowed to ask for (the bound on an event's {@code maxPerOrder}). */
	public static final int MAX_PER_ORDER = 1_000;

	/** The longest event name, UTF-16 code units (a character past U+FFFF counts 2). */
	public static final int MAX_NAME_LENGTH = 200;

	/** The highest price of one seat, in minor units (1,000,000.00 of a two-decimal currency). */
	public static final long MAX_PRICE = 100_000_000;

	/** The shortest hold or offer window, seconds. */
	public static final int MIN_WINDOW_SECONDS = 5;

	/** The longest hold or offer window, seconds (one day). */
	public static final int MAX_WINDOW_SECONDS = 86_400;

	/** The hold when none is given, seconds (as {@code events.hold_seconds} defaults). */
	public static final int DEFAULT_HOLD_SECONDS = 600;

	/** The waiting-list offer window when none is given, seconds (as {@code events.offer_seconds} defaults). */
	public static final int DEFAULT_OFFER_SECONDS = 1_800;

	private SaleTerms() {
	}

	/**
	 * Checks a price and its currency: a currency is required when the price is above 0, and, when given, must be an
	 * ISO 4217 code {@link Currency} knows (three upper-case letters). A currency with a price of 0 is allowed and
	 * stored.
	 * @param price price of one seat in minor units
	 * @param currency the currency code; null for none
	 * @return what is wrong, naming the field ({@code price}, {@code currency}) and the bound; null when nothing is
	 */
	public static @Nullable String currencyProblem(long price, @Nullable String currency) {
		if (price > 0 && currency == null) {
			return "'currency' is required when 'price' is above 0";
		}
		if (currency != null && !isKnownCurrency(currency)) {
			return "'currency' must be an ISO 4217 code in use (three upper-case letters, such as EUR or USD), was '"
					+ currency + "'";
		}
		return null;
	}

	private static boolean isKnownCurrency(String code) {
		if (!code.matches("[A-Z]{3}")) {
			return false;
		}
		try {
			Currency.getInstance(code);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

}
