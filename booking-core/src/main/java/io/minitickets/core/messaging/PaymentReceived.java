package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * A verified payment webhook as api-service recorded it for the worker: the value of
 * {@link BookingTopics#PAYMENTS_RECEIVED}, keyed by the booking's event id. api-service checked the signature, that
 * the booking exists, and that a successful payment's amount and currency are the booking's; the worker decides what
 * it does to the booking, once per {@link #providerEventId()}.
 *
 * @param providerEventId the provider's event id ({@code evt_…}); a webhook is applied at most once per id
 * @param bookingId the booking paid for
 * @param eventId the booking's event (the record's key)
 * @param succeeded true for a successful payment, false for a declined or failed one
 * @param providerPaymentId the provider's payment id ({@code pi_…}), what a refund names; null for a failed payment
 * that carries none
 * @param amount the amount paid, in minor units of {@code currency}
 * @param currency ISO 4217 code, upper case as Postgres stores it
 * @param receivedAt when api-service verified the webhook
 */
public record PaymentReceived(String providerEventId, UUID bookingId, long eventId, boolean succeeded,
		@Nullable String providerPaymentId, long amount, String currency, Instant receivedAt) {
}
