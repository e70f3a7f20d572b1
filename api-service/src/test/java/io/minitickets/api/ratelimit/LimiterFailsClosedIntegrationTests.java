package io.minitickets.api.ratelimit;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.testing.TestInfrastructure;
import io.minitickets.core.testing.TestKafkaConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DESIGN.md invariant 6, the closed direction: with the limiter's Valkey unreachable, login and booking answer 503
 * with Retry-After within the command timeout, and the password is never checked. Runs with the production timeouts.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "minitickets.jwt.secret=" + ApiIntegrationTest.SECRET,
				"minitickets.topics.partitions=1",
				"minitickets.valkey.command-timeout=250ms", "minitickets.valkey.connect-timeout=250ms" })
@Import(TestKafkaConfiguration.class)
class LimiterFailsClosedIntegrationTests {

	@LocalServerPort
	private int port;

	@Autowired
	private CountingPasswordEncoder passwordEncoder;

	@DynamicPropertySource
	static void limiterDown(DynamicPropertyRegistry registry) {
		TestInfrastructure.registerDatabase(registry);
		int closed = TestInfrastructure.closedPort();
		registry.add("minitickets.valkey.url", () -> "redis://127.0.0.1:" + closed);
		registry.add("minitickets.valkey.gate-url", TestInfrastructure::valkeyUrl);
		registry.add("minitickets.valkey.key-prefix", TestInfrastructure::uniqueKeyPrefix);
	}

	@Test
	void loginAnswers503QuicklyWithoutCheckingThePassword() {
		Instant start = Instant.now();

		HttpResponse<String> response = new ApiClient(this.port).post("/api/auth/login",
				"{\"email\":\"a@test.local\",\"password\":\"whatever-password\"}", null);

		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		// Far below Lettuce's own 60 s default: the production 250 ms timeouts hold (with room for a busy machine).
		assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(10));
		assertThat(this.passwordEncoder.matches).hasValue(0);
	}

	@Test
	void bookingAnswers503WithRetryAfter() {
		HttpResponse<String> response = new ApiClient(this.port).post("/api/events/1/bookings", "{\"quantity\":1}",
				ApiIntegrationTest.mint(42));

		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
	}

	@TestConfiguration
	static class Counting {

		@Bean
		@Primary
		CountingPasswordEncoder countingPasswordEncoder() {
			return new CountingPasswordEncoder();
		}

	}

	static class CountingPasswordEncoder implements PasswordEncoder {

		final AtomicInteger matches = new AtomicInteger();

		private final PasswordEncoder delegate = PasswordEncoderFactories.createDelegatingPasswordEncoder();

		@Override
		public String encode(CharSequence rawPassword) {
			return this.delegate.encode(rawPassword);
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			this.matches.incrementAndGet();
			return this.delegate.matches(rawPassword, encodedPassword);
		}

	}

}
