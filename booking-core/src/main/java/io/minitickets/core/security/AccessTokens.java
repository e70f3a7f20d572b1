package io.minitickets.core.security;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/**
 * Mints and verifies HS256 access tokens: subject = user id, claims {@code email} and {@code role}.
 * <p>
 * The API mints them at login and verifies every request; load drivers mint them directly with the signing key,
 * because the per-IP login bucket would stop a stampede of logins from one machine, by design.
 */
public final class AccessTokens {

	/** The claim holding the user's role, USER or ADMIN. */
	public static final String ROLE_CLAIM = "role";

	/** The claim holding the user's email. */
	public static final String EMAIL_CLAIM = "email";

	/** The shortest HS256 key accepted, in bytes (RFC 7518, section 3.2: a key the size of the hash output). */
	public static final int MIN_SECRET_BYTES = 32;

	private final SecretKey key;

	private final Duration ttl;

	private final String issuer;

	private final NimbusJwtEncoder encoder;

	private final Clock clock;

	/**
	 * @param secret the signing key, at least {@link #MIN_SECRET_BYTES} bytes of UTF-8
	 * @param ttl how long a minted token is valid
	 * @param issuer the {@code iss} claim
	 * @throws IllegalArgumentException when the secret is missing or too short
	 */
	public AccessTokens(String secret, Duration ttl, String issuer) {
		this(secret, ttl, issuer, Clock.systemUTC());
	}

	/**
	 * @param secret the signing key, at least {@link #MIN_SECRET_BYTES} bytes of UTF-8
	 * @param ttl how long a minted token is valid
	 * @param issuer the {@code iss} claim
	 * @param clock what "now" is when minting (tests mint tokens that are already expired)
	 * @throws IllegalArgumentException when the secret is missing or too short
	 */
	public AccessTokens(String secret, Duration ttl, String issuer, Clock clock) {
		if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
			throw new IllegalArgumentException("minitickets.jwt.secret (MINITICKETS_JWT_SECRET) must be set to at least "
					+ MIN_SECRET_BYTES + " bytes");
		}
		this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
		this.ttl = ttl;
		this.issuer = issuer;
		this.clock = clock;
		this.encoder = new NimbusJwtEncoder(new ImmutableSecret<>(this.key));
	}

	/**
	 * @param properties secret, TTL and issuer
	 * @throws IllegalArgumentException when the secret is missing or too short
	 */
	public AccessTokens(AccessTokenProperties properties) {
		this(properties.secret(), properties.ttl(), properties.issuer());
	}

	/**
	 * Mints a token valid from now for the configured TTL.
	 * @param userId the user, written as the subject
	 * @param email the user's email
	 * @param role USER or ADMIN
	 * @return the token and its expiry
	 */
	public AccessToken mint(long userId, String email, String role) {
		Instant now = this.clock.instant();
		Instant expiresAt = now.plus(this.ttl);
		JwtClaimsSet claims = JwtClaimsSet.builder()
			.issuer(this.issuer)
			.subject(Long.toString(userId))
			.issuedAt(now)
			.expiresAt(expiresAt)
			.claim(EMAIL_CLAIM, email)
			.claim(ROLE_CLAIM, role)
			.build();
		String token = this.encoder
			.encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
			.getTokenValue();
		return new AccessToken(token, expiresAt);
	}

	/**
	 * A decoder that accepts only HS256 tokens signed with this key, from this issuer, with an expiry that has not
	 * passed, whose subject is a user id (a positive integer): the tokens {@link #mint} makes, and no others.
	 * @return the decoder
	 */
	public JwtDecoder decoder() {
		NimbusJwtDecoder decoder = NimbusJwtDecoder.withSecretKey(this.key).macAlgorithm(MacAlgorithm.HS256).build();
		decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(JwtValidators.createDefaultWithIssuer(this.issuer),
				new JwtClaimValidator<Instant>(JwtClaimNames.EXP, Objects::nonNull),
				new JwtClaimValidator<String>(JwtClaimNames.SUB, AccessTokens::isUserId)));
		return decoder;
	}

	private static boolean isUserId(@Nullable String subject) {
		return subject != null && subject.matches("[1-9][0-9]{0,17}");
	}

}
