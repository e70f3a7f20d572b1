package io.minitickets.api.waitingroom;

import io.minitickets.core.security.AccessTokenProperties;
import io.minitickets.core.security.AdmissionTokens;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The waiting rooms' store (the shared Valkey, under each event's hash tag) and admission tokens (a key derived from
 * the access tokens' secret).
 */
@Configuration(proxyBeanMethods = false)
class WaitingRoomConfiguration {

	@Bean
	WaitingRoomQueue waitingRoomQueue(ValkeyConnection connection, ValkeyKeys keys) {
		return new WaitingRoomQueue(connection, keys);
	}

	@Bean
	AdmissionTokens admissionTokens(AccessTokenProperties properties) {
		return new AdmissionTokens(properties);
	}

}
