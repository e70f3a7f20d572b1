package io.minitickets.simulator.stripe;

import java.security.SecureRandom;

/**
 * Object ids shaped like Stripe's: a type prefix and 24 random letters and digits ({@code cs_test_…}, {@code pi_…},
 * {@code re_…}, {@code evt_…}).
 */
public final class StripeIds {

	private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	private static final SecureRandom RANDOM = new SecureRandom();

	private StripeIds() {
	}

	/**
	 * @param prefix for example {@code cs_test}
	 * @return {@code <prefix>_<24 random characters>}
	 */
	public static String next(String prefix) {
		StringBuilder id = new StringBuilder(prefix).append('_');
		for (int i = 0; i < 24; i++) {
			id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
		}
		return id.toString();
	}

}
