package io.minitickets.core.security;

import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;

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
	void refusesAMissingOrShortSecret() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AccessTokens(null, Duration.ofMinutes(5), "x"))
			.withMessageContaining("MINITICKETS_JWT_SECRET");
		assertThatIllegalArgumentException().isThrownBy(() -> new AccessTokens("short", Duration.ofMinutes(5), "x"));
	}

}
