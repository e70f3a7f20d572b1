package io.minitickets.api.web;

import org.apache.catalina.connector.Connector;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Sizes each connection's socket buffers from {@link ConnectionBuffersProperties}, and sets how often the poller checks
 * its connections' timeouts from {@link ConnectionTimeoutsProperties}: both are paid per open status stream.
 */
@Component
class ConnectionBuffersCustomizer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

	private final ConnectionBuffersProperties properties;

	private final ConnectionTimeoutsProperties timeouts;

	ConnectionBuffersCustomizer(ConnectionBuffersProperties properties, ConnectionTimeoutsProperties timeouts) {
		this.properties = properties;
		this.timeouts = timeouts;
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
		set(connector, "socket.timeoutInterval", this.timeouts.checkInterval().toMillis());
		set(connector, "selectorTimeout", this.timeouts.checkInterval().toMillis());
	}

	private static void set(Connector connector, String name, long value) {
		if (!connector.setProperty(name, Long.toString(value))) {
			throw new IllegalStateException("Tomcat's connector has no property " + name);
		}
	}

}
