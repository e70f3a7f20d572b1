package io.minitickets.core.security;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.crypto.spec.SecretKeySpec;

import com.nimbusds.jose.jwk.source.ImmutableSecret;

import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AccessTokensTests {

	private static final String SECRET = "0123456789abcdef0123456789abcdef";

	@Test
	void aMintedTokenCarriesTheUserAndRole() {
		AccessTokens tokens = new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets");

		Jwt jwt = tokens.decoder().decode(tokens.mint(42, "a@b.c", "ADMIN").token());

		assertThat(jwt.getSubject()).isEqualTo("42");
		assertThat(jwt.getClaimAsString(AccessTokens.ROLE_CLAIM)).isEqualTo("ADMIN");
		assertThat(jwt.getClaimAsString(AccessTokens.EMAIL_CLAIM)).isEqualTo("a@b.c");
	}

	@Test
	void refusesTokensSignedWithAnotherKeyOrExpiredOrFromAnotherIssuer() {
		AccessTokens tokens = new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets");
		String forged = new AccessTokens("another-secret-another-secret-xx", Duration.ofMinutes(5), "minitickets")
			.mint(1, "a@b.c", "ADMIN")
			.token();
		String expired = new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets",
				Clock.offset(Clock.systemUTC(), Duration.ofHours(-2))).mint(1, "a@b.c", "USER")
			.token();
		String foreign = new AccessTokens(SECRET, Duration.ofMinutes(5), "elsewhere").mint(1, "a@b.c", "USER").token();

		for (String token : new String[] { forged, expired, foreign }) {
			assertThatExceptionOfType(JwtException.class).isThrownBy(() -> tokens.decoder().decode(token));
		}
	}

	@Test
	void refusesRightlySignedTokensThatThisApiNeverMints() {
		AccessTokens tokens = new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets");
		Instant now = Instant.now();
		JwtClaimsSet noExpiry = JwtClaimsSet.builder().issuer("minitickets").subject("42").issuedAt(now).build();
		JwtClaimsSet negativeUser = JwtClaimsSet.builder().issuer("minitickets").subject("-1").issuedAt(now)
			.expiresAt(now.plusSeconds(300)).build();
		JwtClaimsSet notAUser = JwtClaimsSet.builder().issuer("minitickets").subject("admin").issuedAt(now)
			.expiresAt(now.plusSeconds(300)).build();

		for (JwtClaimsSet claims : new JwtClaimsSet[] { noExpiry, negativeUser, notAUser }) {
			String token = signed(claims);
			assertThatExceptionOfType(JwtException.class).as(claims.getClaims().toString())
				.isThrownBy(() -> tokens.decoder().decode(token));
		}
	}

	@Test
	void refusesAMissingOrShortSecret() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AccessTokens(null, Duration.ofMinutes(5), "x"))
			.withMessageContaining("MINITICKETS_JWT_SECRET");
		assertThatIllegalArgumentException().isThrownBy(() -> new AccessTokens("short", Duration.ofMinutes(5), "x"));
	}

	private static String signed(JwtClaimsSet claims) {
		NimbusJwtEncoder encoder = new NimbusJwtEncoder(
				new ImmutableSecret<>(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256")));
		return encoder.encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
			.getTokenValue();
	}

}
