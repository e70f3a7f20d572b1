package io.minitickets.ops.booking;

import java.time.Instant;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * One booking as Postgres holds it, with what the hand-made expiry and refund need to know.
 *
 * @param bookingId the booking
 * @param eventId its event
 * @param userId its owner
 * @param quantity its seats
 * @param status its status ({@code HELD}, {@code CONFIRMED}, …, as Postgres spells it)
 * @param holdExpiresAt when its hold expires (or expired); null for a free event's booking
 * @param endedAt when it became EXPIRED, CANCELLED or REFUNDED; null while it has not ended
 * @param paymentId the provider's id of the successful payment that confirmed it; null when none did
 * @param amount what it costs, in minor units of {@code currency}; null for a free event's booking
 * @param currency ISO 4217 code; null for a free event's booking
 * @param refundRequestedAt when the refund of its confirming payment was recorded; null when there is none
 * @param refundIssued true when the provider took that refund, false while it is pending (or there is none)
 */
public record FoundBooking(UUID bookingId, long eventId, long userId, int quantity, String status,
		@Nullable Instant holdExpiresAt, @Nullable Instant endedAt, @Nullable String paymentId, @Nullable Long amount,
		@Nullable String currency, @Nullable Instant refundRequestedAt, boolean refundIssued) {

	/** @return true while the booking is HELD */
	public boolean held() {
		return "HELD".equals(this.status);
	}

	/** @return what its refund is, as printed: {@code issued} or {@code pending} */
	public String refundState() {
		return this.refundIssued ? "issued" : "pending (the worker's refund retrier asks the provider again)";
	}

}
