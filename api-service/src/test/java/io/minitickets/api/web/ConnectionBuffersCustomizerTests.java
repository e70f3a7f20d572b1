package io.minitickets.api.web;

import java.time.Duration;

import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionBuffersCustomizerTests {

	@Test
	void eachConnectionsSocketBuffersAreTheConfiguredSizes() {
		Connector connector = new Connector("HTTP/1.1");

		new ConnectionBuffersCustomizer(new ConnectionBuffersProperties(DataSize.ofKilobytes(4), DataSize.ofBytes(3000)),
				new ConnectionTimeoutsProperties(Duration.ofSeconds(5)))
			.customize(connector);

		assertThat(connector.getProperty("socket.appReadBufSize")).hasToString("4096");
		assertThat(connector.getProperty("socket.appWriteBufSize")).hasToString("3000");
	}

	@Test
	void thePollerChecksItsConnectionsTimeoutsAtTheConfiguredIntervalIdleOrNot() {
		// idle, the poller's select returns after selectorTimeout and checks every connection whatever the interval
		Connector connector = new Connector("HTTP/1.1");

		new ConnectionBuffersCustomizer(new ConnectionBuffersProperties(DataSize.ofKilobytes(4), DataSize.ofKilobytes(4)),
				new ConnectionTimeoutsProperties(Duration.ofSeconds(5)))
			.customize(connector);

		assertThat(connector.getProperty("socket.timeoutInterval")).hasToString("5000");
		assertThat(connector.getProperty("selectorTimeout")).hasToString("5000");
	}

}
