package io.minitickets.api.ratelimit;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

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
	void keysAnIpv6AddressByItsSlash64HoweverItIsWritten() {
		ClientIpResolver resolver = resolver(1);

		assertThat(Stream.of("2001:db8::1", "2001:db8::2", "2001:0db8:0:0:0:0:0:1", "2001:DB8::ffff:1:2:3",
				"2001:db8:0:0:1::", "[2001:db8::1]:443", "[2001:db8::1]", "2001:db8::192.0.2.1")
			.map((entry) -> resolver.resolve("192.0.2.10", List.of(entry))))
			.containsOnly("2001:db8:0:0::/64");
		assertThat(resolver.resolve("192.0.2.10", List.of("2001:db8:0:1::1"))).isEqualTo("2001:db8:0:1::/64");
	}

	@Test
	void keysAnIpv4MappedIpv6AddressAsItsIpv4Address() {
		ClientIpResolver resolver = resolver(1);

		assertThat(Stream.of("192.0.2.1", "::ffff:192.0.2.1", "::FFFF:c000:201", "0:0:0:0:0:ffff:192.0.2.1",
				"[::ffff:192.0.2.1]:8443", "192.0.2.1:5678")
			.map((entry) -> resolver.resolve("198.51.100.7", List.of(entry))))
			.containsOnly("192.0.2.1");
	}

	@Test
	void dropsThePortOfAnEntry() {
		assertThat(resolver(1).resolve("192.0.2.10", List.of("1.2.3.4:5678"))).isEqualTo("1.2.3.4");
		assertThat(resolver(1).resolve("192.0.2.10", List.of("[2001:db8::1]:443"))).isEqualTo("2001:db8:0:0::/64");
	}

	@Test
	void fallsBackToTheSocketPeerForAnythingThatIsNotAnAddress() {
		ClientIpResolver resolver = resolver(1);

		assertThat(Stream.of("dead", "beef", "300.1.1.1", "::::", ":::", "1.2.3", "1.2.3.4.5", "01.2.3.4",
				"1.2.3.4:", "1.2.3.4:65536", "1.2.3.4:port", "[1.2.3.4]:80", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9",
				"2001:db8::12345", ":1::2", "1::2:", "fe80::1%eth0", "[2001:db8::1", "\uff11.\uff12.\uff13.\uff14",
				"localhost", "example.com", "unknown", "")
			.map((entry) -> resolver.resolve("192.0.2.10", List.of(entry))))
			.containsOnly("192.0.2.10");
	}

	@Test
	void keysAnIpv6SocketPeerByItsSlash64Too() {
		assertThat(resolver(0).resolve("2001:db8:0:0:0:0:0:9", List.of("203.0.113.5")))
			.isEqualTo("2001:db8:0:0::/64");
		assertThat(resolver(1).resolve("0:0:0:0:0:ffff:c000:201", List.of("garbage"))).isEqualTo("192.0.2.1");
	}

	private static ClientIpResolver resolver(int hops) {
		return new ClientIpResolver(new RateLimitProperties(10, Duration.ofSeconds(1), 20, Duration.ofSeconds(3),
				hops, ""));
	}

}
