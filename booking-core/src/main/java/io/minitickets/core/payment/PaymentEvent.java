package io.minitickets.core.payment;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A verified webhook event, in the booking flow's terms. A webhook is applied at most once per {@link #eventId()}.
 *
 * @param eventId the provider's event id ({@code evt_…}); the key for applying the event once
 * @param providerType the provider's own type, for example {@code checkout.session.completed}, for logs
 * @param type what it means for a booking
 * @param bookingId the booking it concerns (the checkout's {@code client_reference_id} or {@code metadata.booking_id});
 * null for an ignored event, or a refund whose object carries no booking id (look it up by {@link #paymentId()})
 * @param paymentId the provider's payment id ({@code pi_…}), what a refund names; null when the event carries none
 * @param amount the amount paid or refunded in minor units; 0 for an ignored event
 * @param currency the ISO 4217 code, lower case; null when the event carries none
 * @param createdAt when the provider created the event (seconds precision)
 */
public record PaymentEvent(String eventId, String providerType, PaymentEventType type, @Nullable String bookingId,
		@Nullable String paymentId, long amount, @Nullable String currency, Instant createdAt) {
}
