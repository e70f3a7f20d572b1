package io.minitickets.api.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers {@link NoBodyInterceptor} for every endpoint.
 */
@Configuration(proxyBeanMethods = false)
class NoBodyConfiguration implements WebMvcConfigurer {

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(new NoBodyInterceptor());
	}

}
