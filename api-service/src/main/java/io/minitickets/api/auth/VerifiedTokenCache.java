package io.minitickets.api.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * A {@link JwtDecoder} that remembers the tokens another decoder has verified, until each one's expiry, so that a
 * client sending the same token with every request is parsed, HMAC-checked and validated once rather than on every
 * request (issue 8: JWT decoding was ~5 % of a sold-out booking's CPU).
 * <p>
 * Only tokens the delegate accepted are remembered; a refused token is refused again by the delegate on every request.
 * An entry expires at the token's own {@code exp}, so a remembered token is never accepted after it expires (the
 * delegate itself allows 60 s of clock skew past {@code exp}). Entries are keyed by the SHA-256 of the token, so a
 * lookup compares digests rather than the secret token text. The cache is bounded; the least recently used entries
 * go first.
 */
public final class VerifiedTokenCache implements JwtDecoder {

	/** Never updated: each digest is computed on a clone of it. */
	private static final MessageDigest SHA_256;

	static {
		try {
			SHA_256 = MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private final JwtDecoder delegate;

	private final Cache<String, Jwt> verified;

	private final Clock clock;

	/**
	 * @param delegate the decoder that verifies a token the cache does not hold
	 * @param maximumSize the most tokens remembered
	 */
	public VerifiedTokenCache(JwtDecoder delegate, long maximumSize) {
		this(delegate, maximumSize, Clock.systemUTC(), Ticker.systemTicker());
	}

	/**
	 * @param delegate the decoder that verifies a token the cache does not hold
	 * @param maximumSize the most tokens remembered
	 * @param clock what "now" is, against the tokens' expiry
	 * @param ticker the cache's time source, in step with {@code clock}
	 */
	VerifiedTokenCache(JwtDecoder delegate, long maximumSize, Clock clock, Ticker ticker) {
		this.delegate = delegate;
		this.clock = clock;
		this.verified = Caffeine.newBuilder()
			.maximumSize(maximumSize)
			.ticker(ticker)
			.expireAfter(Expiry.<String, Jwt>creating((digest, jwt) -> untilExpiry(jwt)))
			.build();
	}

	/**
	 * @param token the compact JWT from the Authorization header
	 * @return the verified token: remembered, or verified by the delegate now
	 * @throws JwtException when the delegate refuses the token (malformed, wrong signature, expired, invalid claims)
	 */
	@Override
	public Jwt decode(String token) throws JwtException {
		String digest = digest(token);
		Jwt jwt = this.verified.getIfPresent(digest);
		if (jwt != null && isUnexpired(jwt)) {
			return jwt;
		}
		jwt = this.delegate.decode(token);
		if (isUnexpired(jwt)) {
			this.verified.put(digest, jwt);
		}
		return jwt;
	}

	private boolean isUnexpired(Jwt jwt) {
		Instant expiresAt = jwt.getExpiresAt();
		return expiresAt != null && expiresAt.isAfter(this.clock.instant());
	}

	private Duration untilExpiry(Jwt jwt) {
		Instant expiresAt = jwt.getExpiresAt();
		Duration left = (expiresAt != null) ? Duration.between(this.clock.instant(), expiresAt) : Duration.ZERO;
		return left.isNegative() ? Duration.ZERO : left;
	}

	private static String digest(String token) {
		byte[] hash = sha256().digest(token.getBytes(StandardCharsets.ISO_8859_1));
		return Base64.getEncoder().encodeToString(hash);
	}

	/** A fresh SHA-256, cloned from one looked up once (a provider lookup per request was ~5 % of a request's CPU). */
	private static MessageDigest sha256() {
		try {
			return (MessageDigest) SHA_256.clone();
		}
		catch (CloneNotSupportedException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
