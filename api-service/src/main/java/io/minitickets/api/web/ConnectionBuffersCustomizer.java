package io.minitickets.api.web;

import org.apache.catalina.connector.Connector;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Sizes each connection's socket buffers from {@link ConnectionBuffersProperties}.
 */
@Component
class ConnectionBuffersCustomizer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

	private final ConnectionBuffersProperties properties;

	ConnectionBuffersCustomizer(ConnectionBuffersProperties properties) {
		this.properties = properties;
	}

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		factory.addConnectorCustomizers(this::customize);
	}

	/**
	 * @param connector an HTTP connector, before it starts
	 * @throws IllegalStateException when its protocol has no such socket properties
	 */
	void customize(Connector connector) {
		set(connector, "socket.appReadBufSize", this.properties.read().toBytes());
		set(connector, "socket.appWriteBufSize", this.properties.write().toBytes());
	}

	private static void set(Connector connector, String name, long bytes) {
		if (!connector.setProperty(name, Long.toString(bytes))) {
			throw new IllegalStateException("Tomcat's connector has no property " + name);
		}
	}

}
