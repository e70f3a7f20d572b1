package io.minitickets.simulator.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs a webhook as Stripe does: HMAC-SHA256 with the endpoint's secret over {@code <timestamp>.<body>}, sent as
 * {@code Stripe-Signature: t=<timestamp>,v1=<hex>}. Each attempt is signed afresh with its own timestamp, so a
 * delivery retried later is not refused as stale.
 *
 * @see <a href="https://docs.stripe.com/webhooks#verify-manually">Stripe: verify signatures manually</a>
 */
final class WebhookSigner {

	private final SecretKeySpec key;

	/**
	 * @param secret the webhook signing secret, used as UTF-8 bytes
	 */
	WebhookSigner(String secret) {
		this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
	}

	/**
	 * @param body the exact bytes sent
	 * @param timestamp seconds since the epoch
	 * @return the {@code Stripe-Signature} header's value
	 */
	String sign(byte[] body, long timestamp) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(this.key);
			mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
			return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(mac.doFinal(body));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

}
