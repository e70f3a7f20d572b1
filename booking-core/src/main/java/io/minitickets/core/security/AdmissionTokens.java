package io.minitickets.core.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/**
 * Mints and checks admission tokens (issue 18): HS256 JWTs, subject = user id, claims {@code evt} (event id),
 * {@code plc} (place id), {@code exp} (end of the admission), issuer {@code <issuer>-admission}.
 * <p>
 * Signed with a key derived from the access tokens' secret (HMAC-SHA256(secret, "minitickets admission token v1")),
 * never the secret itself: an admission token is not an access token and an access token is not an admission, whatever
 * their claims.
 */
public final class AdmissionTokens {

	/** The request header a booking of a waiting-room event carries its admission token in. */
	public static final String HEADER = "Admission-Token";

	/** The claim holding the event id. */
	public static final String EVENT_CLAIM = "evt";

	/** The claim holding the place id. */
	public static final String PLACE_CLAIM = "plc";

	private static final String KEY_LABEL = "minitickets admission token v1";

	private final byte[] key;

	private final String issuer;

	private final NimbusJwtEncoder encoder;

	private final Clock clock;

	/**
	 * @param secret the access tokens' signing key, at least {@link AccessTokens#MIN_SECRET_BYTES} bytes of UTF-8
	 * @param issuer the access tokens' issuer; admission tokens carry {@code <issuer>-admission}
	 * @param clock what "now" is when checking expiry
	 * @throws IllegalArgumentException when the secret is missing or too short
	 */
	public AdmissionTokens(String secret, String issuer, Clock clock) {
		if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < AccessTokens.MIN_SECRET_BYTES) {
			throw new IllegalArgumentException("minitickets.jwt.secret (MINITICKETS_JWT_SECRET) must be set to at least "
					+ AccessTokens.MIN_SECRET_BYTES + " bytes");
		}
		this.key = derive(secret);
		this.issuer = issuer + "-admission";
		this.clock = clock;
		this.encoder = new NimbusJwtEncoder(new ImmutableSecret<>(new SecretKeySpec(this.key, "HmacSHA256")));
	}

	/**
	 * @param properties the access tokens' secret and issuer
	 */
	public AdmissionTokens(AccessTokenProperties properties) {
		this(properties.secret(), properties.issuer(), Clock.systemUTC());
	}

	/**
	 * @param userId the admitted account
	 * @param eventId the event it may book
	 * @param placeId its place in the waiting room
	 * @param expiresAt the end of the admission
	 * @return the signed token
	 */
	public String mint(long userId, long eventId, UUID placeId, Instant expiresAt) {
		JwtClaimsSet claims = JwtClaimsSet.builder()
			.issuer(this.issuer)
			.subject(Long.toString(userId))
			.issuedAt(this.clock.instant())
			.expiresAt(expiresAt)
			.claim(EVENT_CLAIM, eventId)
			.claim(PLACE_CLAIM, placeId.toString())
			.build();
		return this.encoder.encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
			.getTokenValue();
	}

	/**
	 * Checks a token for one booking, in order: present, signed by us as an admission, for this event, for this
	 * account, not expired. Pure computation: no store is read.
	 * @param token the {@code Admission-Token} header, or null
	 * @param userId the caller
	 * @param eventId the event booked
	 * @return why it does not admit the booking, or null when it does
	 */
	public @Nullable AdmissionRefusal check(@Nullable String token, long userId, long eventId) {
		if (token == null || token.isBlank()) {
			return AdmissionRefusal.MISSING;
		}
		JWTClaimsSet claims = verifiedClaims(token.strip());
		if (claims == null) {
			return AdmissionRefusal.FORGED;
		}
		Object event = claims.getClaim(EVENT_CLAIM);
		if (!(event instanceof Number number) || number.longValue() != eventId) {
			return AdmissionRefusal.OTHER_EVENT;
		}
		if (!Long.toString(userId).equals(claims.getSubject())) {
			return AdmissionRefusal.OTHER_USER;
		}
		Date expiry = claims.getExpirationTime();
		if (expiry == null || !expiry.toInstant().isAfter(this.clock.instant())) {
			return AdmissionRefusal.EXPIRED;
		}
		return null;
	}

	private @Nullable JWTClaimsSet verifiedClaims(String token) {
		try {
			SignedJWT jwt = SignedJWT.parse(token);
			if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm())
					|| !jwt.verify(new MACVerifier(this.key))) {
				return null;
			}
			JWTClaimsSet claims = jwt.getJWTClaimsSet();
			return this.issuer.equals(claims.getIssuer()) ? claims : null;
		}
		catch (ParseException | JOSEException | RuntimeException ex) {
			return null;
		}
	}

	private static byte[] derive(String secret) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			SecretKey secretKey = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
			mac.init(secretKey);
			return mac.doFinal(KEY_LABEL.getBytes(StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
