package io.minitickets.simulator.web;

import org.apache.catalina.core.StandardHost;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Makes Tomcat report the errors it answers on its own with {@link ContainerProblemValve}.
 */
@Component
class TomcatProblemCustomizer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		factory.addContextCustomizers((context) -> {
			if (context.getParent() instanceof StandardHost host) {
				host.setErrorReportValveClass(ContainerProblemValve.class.getName());
			}
		});
	}

}
