package io.minitickets.api.waitingroom;

import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.security.BearerAuthenticator;
import io.minitickets.api.web.ApiProperties;
import io.minitickets.api.web.ObservedRoute;
import io.minitickets.api.web.RouteObservation;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.security.oauth2.jwt.JwtDecoder;

/**
 * Registers {@link PlaceReadRoute} first in the servlet filter chain, for requests (not error dispatches) under
 * {@code /api/events/}, as the booking route is: before Spring's request observation, Spring Security's filter chain
 * and this service's own request filters, whose checks it makes itself.
 */
@Configuration(proxyBeanMethods = false)
class PlaceReadRouteConfiguration {

	@Bean
	FilterRegistrationBean<PlaceReadRoute> placeReadRoute(WaitingRooms rooms, JwtDecoder jwtDecoder,
			ProblemWriter problemWriter, MeterRegistry meterRegistry,
			ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator, ApiProperties properties) {
		RouteObservation observation = new RouteObservation(meterRegistry, tracer.getIfAvailable(() -> Tracer.NOOP),
				propagator.getIfAvailable(() -> Propagator.NOOP), PlaceReadRoute.URI, "GET", Set.of("GET"));
		PlaceReadRoute route = new PlaceReadRoute(rooms, new BearerAuthenticator(jwtDecoder),
				new ObservedRoute(observation, problemWriter), properties);
		FilterRegistrationBean<PlaceReadRoute> registration = new FilterRegistrationBean<>(route);
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		registration.addUrlPatterns("/api/events/*");
		return registration;
	}

}
