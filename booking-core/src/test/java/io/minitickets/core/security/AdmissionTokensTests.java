package io.minitickets.core.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Admission tokens admit their user to their event until they expire; each other case is named; an access token is
 * not an admission and an admission is not an access token.
 */
class AdmissionTokensTests {

	private static final String SECRET = "0123456789abcdef0123456789abcdef";

	private final AdmissionTokens tokens = new AdmissionTokens(SECRET, "minitickets", Clock.systemUTC());

	@Test
	void aTokenAdmitsItsUserToItsEventUntilItExpires() {
		String token = this.tokens.mint(7, 42, UUID.randomUUID(), Instant.now().plusSeconds(60));

		assertThat(this.tokens.check(token, 7, 42)).isNull();
		assertThat(this.tokens.check(token, 8, 42)).isEqualTo(AdmissionRefusal.OTHER_USER);
		assertThat(this.tokens.check(token, 7, 43)).isEqualTo(AdmissionRefusal.OTHER_EVENT);
		assertThat(this.tokens.check(null, 7, 42)).isEqualTo(AdmissionRefusal.MISSING);
		assertThat(this.tokens.check(" ", 7, 42)).isEqualTo(AdmissionRefusal.MISSING);
	}

	@Test
	void anEndedAdmissionIsExpired() {
		String token = this.tokens.mint(7, 42, UUID.randomUUID(), Instant.now().plusSeconds(60));
		AdmissionTokens later = new AdmissionTokens(SECRET, "minitickets",
				Clock.fixed(Instant.now().plusSeconds(61), ZoneOffset.UTC));

		assertThat(later.check(token, 7, 42)).isEqualTo(AdmissionRefusal.EXPIRED);
	}

	@Test
	void anythingNotSignedAsAnAdmissionIsForged() {
		String otherKey = new AdmissionTokens("another-secret-another-secret-0123", "minitickets", Clock.systemUTC())
			.mint(7, 42, UUID.randomUUID(), Instant.now().plusSeconds(60));
		String accessToken = new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets").mint(7, "a@b.c", "USER")
			.token();
		String valid = this.tokens.mint(7, 42, UUID.randomUUID(), Instant.now().plusSeconds(60));
		String[] parts = valid.split("\\.");
		String unsigned = parts[0] + "." + parts[1] + ".";

		assertThat(this.tokens.check(otherKey, 7, 42)).isEqualTo(AdmissionRefusal.FORGED);
		assertThat(this.tokens.check(accessToken, 7, 42)).isEqualTo(AdmissionRefusal.FORGED);
		assertThat(this.tokens.check(unsigned, 7, 42)).isEqualTo(AdmissionRefusal.FORGED);
		assertThat(this.tokens.check("not a token", 7, 42)).isEqualTo(AdmissionRefusal.FORGED);
		assertThat(new AccessTokens(SECRET, Duration.ofMinutes(5), "minitickets").decoder())
			.satisfies((decoder) -> org.assertj.core.api.Assertions
				.assertThatExceptionOfType(org.springframework.security.oauth2.jwt.JwtException.class)
				.isThrownBy(() -> decoder.decode(valid)));
	}

}
