package io.minitickets.api.stream;

import java.util.List;

import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.security.BearerAuthenticator;
import io.minitickets.api.web.ApiProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.security.oauth2.jwt.JwtDecoder;

/**
 * Registers {@link StreamRouteFilter}, with every {@link StreamRoute}, right after the booking route in the servlet
 * filter chain, for requests (not error or async dispatches) under {@code /api/bookings/} and {@code /api/events/}:
 * before Spring's request observation, Spring Security's filter chain and this service's own request filters, whose
 * checks it makes itself.
 */
@Configuration(proxyBeanMethods = false)
class StreamRouteConfiguration {

	@Bean
	FilterRegistrationBean<StreamRouteFilter> streamRoute(List<StreamRoute> routes, JwtDecoder jwtDecoder,
			ProblemWriter problemWriter, ApiProperties properties) {
		StreamRouteFilter filter = new StreamRouteFilter(routes, new BearerAuthenticator(jwtDecoder), problemWriter,
				properties.maxRequestBytes().toBytes());
		FilterRegistrationBean<StreamRouteFilter> registration = new FilterRegistrationBean<>(filter);
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		registration.addUrlPatterns("/api/bookings/*", "/api/events/*");
		return registration;
	}

}
