package io.minitickets.api.stream;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import com.nimbusds.jose.jwk.source.ImmutableSecret;
import io.minitickets.api.problem.ApiException;
import io.minitickets.api.booking.BookingStreamProperties;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.security.AccessTokenProperties;
import io.minitickets.core.security.AccessTokens;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.stereotype.Component;

/**
 * Stream tickets: what a browser's native {@code EventSource} (which cannot send {@code Authorization}) shows as
 * {@code ?ticket=} on a stream ({@code GET /api/bookings/{id}/events},
 * {@code GET /api/events/{id}/queue/{placeId}/events}), and nowhere else. A ticket is an HS256 JWT like an access
 * token ({@link AccessTokens}), with subject = user id, one claim naming what it opens ({@link Kind#BOOKING}:
 * {@code booking} = the booking; {@link Kind#PLACE}: {@code place} = the place), audience {@code <claim>-stream} and a
 * short expiry ({@link BookingStreamProperties#ticketTtl()}, checked with no clock skew); it is signed with a key of
 * its own, derived from the access-token secret (HMAC-SHA256 of {@value #KEY_LABEL}), so that a ticket is never
 * accepted as a Bearer token nor an access token as a ticket, and a ticket of one kind never opens another's stream.
 */
@Component
public final class StreamTickets {

	/**
	 * What a ticket opens.
	 */
	public enum Kind {

		/** A booking's status stream. */
		BOOKING("booking"),

		/** A waiting-room place's stream. */
		PLACE("place");

		private final String claim;

		Kind(String claim) {
			this.claim = claim;
		}

		String claim() {
			return this.claim;
		}

		String audience() {
			return this.claim + "-stream";
		}

	}

	private static final String KEY_LABEL = "minitickets booking stream ticket";

	private final NimbusJwtEncoder encoder;

	private final JwtDecoder decoder;

	private final String issuer;

	private final Duration ttl;

	private final Clock clock;

	/**
	 * @param secret the access-token secret ({@code minitickets.jwt.secret}); the ticket key is derived from it
	 * @param issuer the {@code iss} claim written and required
	 * @param ttl how long a ticket opens streams
	 * @param clock what "now" is when minting (tests mint tickets that are already expired)
	 */
	public StreamTickets(String secret, String issuer, Duration ttl, Clock clock) {
		SecretKey key = new SecretKeySpec(derive(secret), "HmacSHA256");
		this.encoder = new NimbusJwtEncoder(new ImmutableSecret<>(key));
		NimbusJwtDecoder decoder = NimbusJwtDecoder.withSecretKey(key).macAlgorithm(MacAlgorithm.HS256).build();
		// minted and checked by this service: no clock skew (the decoder's default accepts a ticket for 60 s past
		// its expiry)
		decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(
				JwtValidators.createDefaultWithValidators(new JwtIssuerValidator(issuer),
						new JwtTimestampValidator(Duration.ZERO)),
				new JwtClaimValidator<Instant>(JwtClaimNames.EXP, (exp) -> exp != null)));
		this.decoder = decoder;
		this.issuer = issuer;
		this.ttl = ttl;
		this.clock = clock;
	}

	/**
	 * @param jwt the access tokens' settings (secret and issuer)
	 * @param streams the streams' settings (the tickets' TTL)
	 */
	@Autowired
	public StreamTickets(AccessTokenProperties jwt, BookingStreamProperties streams) {
		this(jwt.secret(), jwt.issuer(), streams.ticketTtl(), Clock.systemUTC());
	}

	/**
	 * Mints a ticket to one stream; the caller has checked that what it opens is the user's.
	 * @param kind what it opens
	 * @param id the booking or place
	 * @param userId its owner
	 * @return the ticket and its expiry
	 */
	public StreamTicket mint(Kind kind, UUID id, long userId) {
		Instant now = this.clock.instant();
		Instant expiresAt = now.plus(this.ttl);
		JwtClaimsSet claims = JwtClaimsSet.builder()
			.issuer(this.issuer)
			.subject(Long.toString(userId))
			.audience(List.of(kind.audience()))
			.issuedAt(now)
			.expiresAt(expiresAt)
			.claim(kind.claim(), id.toString())
			.build();
		String ticket = this.encoder
			.encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
			.getTokenValue();
		return new StreamTicket(ticket, expiresAt);
	}

	/**
	 * @param ticket the {@code ticket} query parameter
	 * @param kind what the stream asked for is
	 * @param id the booking or place whose stream is asked for
	 * @param notFound the 404 of a stream that is not the caller's
	 * @return the user the ticket was minted for
	 * @throws ApiException 401 when the ticket is not one of ours or not of this kind, was tampered with or has
	 * expired; {@code notFound} when it opens another booking or place (as for someone else's)
	 */
	public long verify(String ticket, Kind kind, UUID id, Supplier<ApiException> notFound) {
		Jwt jwt;
		try {
			jwt = this.decoder.decode(ticket);
		}
		catch (JwtException ex) {
			throw unauthorized(kind);
		}
		List<String> audience = jwt.getAudience();
		String opens = jwt.getClaimAsString(kind.claim());
		if (audience == null || !audience.contains(kind.audience()) || opens == null) {
			throw unauthorized(kind);
		}
		if (!id.toString().equals(opens)) {
			throw notFound.get();
		}
		try {
			return Long.parseLong(jwt.getSubject());
		}
		catch (NumberFormatException ex) {
			throw unauthorized(kind);
		}
	}

	/**
	 * @param kind what the stream asked for is
	 * @return the 401 of a stream asked for with a ticket that opens nothing
	 */
	public static ApiException unauthorized(Kind kind) {
		String mint = (kind == Kind.BOOKING) ? "POST /api/bookings/{id}/stream-ticket"
				: "POST /api/events/{id}/queue/{placeId}/stream-ticket";
		return new ApiException(HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
				"A valid, unexpired stream ticket for this " + kind.claim() + " (" + mint + ") or a Bearer token is "
						+ "required.",
				null)
			.withHeader("WWW-Authenticate", "Bearer");
	}

	private static byte[] derive(String secret) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			return mac.doFinal(KEY_LABEL.getBytes(StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available", ex);
		}
	}

	/**
	 * A minted ticket.
	 *
	 * @param ticket the ticket, for {@code ?ticket=}
	 * @param expiresAt when it stops opening streams (a stream already open stays open)
	 */
	public record StreamTicket(String ticket, Instant expiresAt) {
	}

}
