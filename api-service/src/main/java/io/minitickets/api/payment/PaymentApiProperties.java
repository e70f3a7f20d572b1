package io.minitickets.api.payment;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * api-service's payment endpoints ({@code minitickets.payment-api.*}); the provider itself is configured under
 * {@code minitickets.payment.*}.
 *
 * @param returnBase the public base URL of the API, ending in a slash: the provider sends the customer back to the
 * booking's status at {@code <returnBase>api/bookings/<id>} after paying or giving up
 * @param publishTimeout how long a webhook waits for the broker to acknowledge its {@code payments.received} record
 * before it is answered 503 (the provider then delivers it again); the producer's own
 * {@code delivery.timeout.ms} is 5 s
 */
@ConfigurationProperties("minitickets.payment-api")
record PaymentApiProperties(@DefaultValue("http://localhost:8080/") URI returnBase,
		@DefaultValue("5s") Duration publishTimeout) {
}
