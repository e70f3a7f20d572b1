package io.minitickets.api.web;

import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionBuffersCustomizerTests {

	@Test
	void eachConnectionsSocketBuffersAreTheConfiguredSizes() {
		Connector connector = new Connector("HTTP/1.1");

		new ConnectionBuffersCustomizer(new ConnectionBuffersProperties(DataSize.ofKilobytes(4), DataSize.ofBytes(3000)))
			.customize(connector);

		assertThat(connector.getProperty("socket.appReadBufSize")).hasToString("4096");
		assertThat(connector.getProperty("socket.appWriteBufSize")).hasToString("3000");
	}

}
