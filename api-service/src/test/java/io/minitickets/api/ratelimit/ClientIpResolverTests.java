package io.minitickets.api.ratelimit;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClientIpResolverTests {

	@Test
	void ignoresXForwardedForWithNoTrustedHops() {
		ClientIpResolver resolver = resolver(0);

		assertThat(resolver.resolve("192.0.2.10", List.of("203.0.113.5"))).isEqualTo("192.0.2.10");
	}

	@Test
	void takesTheEntryTheTrustedProxyAppendedWithOneHop() {
		ClientIpResolver resolver = resolver(1);

		assertThat(resolver.resolve("192.0.2.10", List.of("6.6.6.6, 203.0.113.5"))).isEqualTo("203.0.113.5");
		assertThat(resolver.resolve("192.0.2.10", List.of("6.6.6.6", "203.0.113.5"))).isEqualTo("203.0.113.5");
	}

	@Test
	void fallsBackToTheSocketPeerWhenTheChainIsShorterThanTheHops() {
		assertThat(resolver(1).resolve("192.0.2.10", List.of())).isEqualTo("192.0.2.10");
		assertThat(resolver(3).resolve("192.0.2.10", List.of("203.0.113.5"))).isEqualTo("192.0.2.10");
	}

	@Test
	void fallsBackToTheSocketPeerForAGarbledEntry() {
		assertThat(resolver(1).resolve("192.0.2.10", List.of("not an address"))).isEqualTo("192.0.2.10");
		assertThat(resolver(1).resolve("192.0.2.10", List.of("x".repeat(5000)))).isEqualTo("192.0.2.10");
	}

	@Test
	void acceptsIpv6Entries() {
		assertThat(resolver(1).resolve("::1", List.of("2001:db8::7"))).isEqualTo("2001:db8::7");
	}

	private static ClientIpResolver resolver(int hops) {
		return new ClientIpResolver(new RateLimitProperties(10, Duration.ofSeconds(1), 20, Duration.ofSeconds(3),
				hops));
	}

}
