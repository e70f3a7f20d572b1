package io.minitickets.localstack.stack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FreePortsTests {

	@Test
	void allocatesDistinctPortsThatCanBeBoundOnLoopback() throws IOException {
		List<Integer> ports = FreePorts.allocate(5);

		assertThat(ports).hasSize(5).doesNotHaveDuplicates().allSatisfy((port) -> assertThat(port).isPositive());
		for (int port : ports) {
			try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
				assertThat(socket.getLocalPort()).isEqualTo(port);
			}
		}
	}

	@Test
	void picksPortsBelowTheEphemeralRangeThatOutgoingConnectionsUse() {
		int ephemeralStart = FreePorts.ephemeralStart();

		assertThat(FreePorts.allocate(20)).hasSize(20)
			.doesNotHaveDuplicates()
			.allSatisfy((port) -> assertThat(port).isBetween(FreePorts.LOWEST, ephemeralStart - 1));
	}

}
