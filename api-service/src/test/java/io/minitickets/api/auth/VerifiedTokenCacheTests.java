package io.minitickets.api.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.github.benmanes.caffeine.cache.Ticker;
import io.minitickets.core.security.AccessTokens;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.BadJwtException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The verified-token cache verifies a token once while it is valid, and never lets a refused or expired token through.
 */
class VerifiedTokenCacheTests {

	private static final String SECRET = "a-test-signing-key-of-at-least-32-bytes!";

	/** The cache's clock: starts now, as the verifier checks expiry against the system clock. */
	private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

	private final Clock clock = new Clock() {

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return VerifiedTokenCacheTests.this.now.get();
		}

	};

	private final Ticker ticker = () -> {
		Instant instant = this.now.get();
		return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
	};

	private final AccessTokens tokens = new AccessTokens(SECRET, Duration.ofMinutes(10), "minitickets", this.clock);

	private final AtomicInteger verifications = new AtomicInteger();

	private final JwtDecoder verifier = (token) -> {
		this.verifications.incrementAndGet();
		return this.tokens.decoder().decode(token);
	};

	private final VerifiedTokenCache cache = new VerifiedTokenCache(this.verifier, 100, this.clock, this.ticker);

	@Test
	void verifiesATokenOnceWhileItIsValid() {
		String token = this.tokens.mint(42, "ada@example.com", "USER").token();

		Jwt first = this.cache.decode(token);
		Jwt second = this.cache.decode(token);

		assertThat(second.getSubject()).isEqualTo("42");
		assertThat(second).isSameAs(first);
		assertThat(this.verifications).hasValue(1);
	}

	@Test
	void verifiesARefusedTokenAgainEveryTime() {
		String forged = new AccessTokens("another-signing-key-of-at-least-32-bytes", Duration.ofMinutes(10),
				"minitickets", this.clock)
			.mint(42, "ada@example.com", "ADMIN")
			.token();

		for (int i = 0; i < 2; i++) {
			assertThatExceptionOfType(BadJwtException.class)
				.isThrownBy(() -> this.cache.decode(forged));
		}
		assertThat(this.verifications).hasValue(2);
	}

	@Test
	void asksTheVerifierEveryTimeOnceATokenHasExpired() {
		String token = this.tokens.mint(42, "ada@example.com", "USER").token();
		this.cache.decode(token);
		this.cache.decode(token);
		assertThat(this.verifications).hasValue(1);

		this.now.set(this.now.get().plus(Duration.ofMinutes(10)).plusSeconds(1));
		this.cache.decode(token);
		this.cache.decode(token);

		// Past its exp the cache serves it no more: the verifier decides (it refuses it after its clock skew).
		assertThat(this.verifications).hasValue(3);
	}

}
