package io.minitickets.api.board;

import org.jspecify.annotations.Nullable;

/**
 * One paid event's holds, waiting list, payments and refunds, as Postgres holds them: the board's paid-sale panel.
 *
 * @param holdsOpen bookings HELD now
 * @param expiredPerSecond holds made EXPIRED per second since the sample before; null for the first sample
 * @param waiting waiting-list entries still WAITING
 * @param offersMade waiting-list offers made, ever (entries that got a booking)
 * @param offersTaken offers confirmed (entries TAKEN)
 * @param paymentsApplied successful payments that confirmed a booking (also after its hold expired)
 * @param paymentsRefunded successful payments the worker could not confirm and refunded (seats gone, paid twice)
 * @param paymentsDeclined declined payments recorded (the hold ran on)
 * @param refundsPending refunds recorded that the provider has not taken yet
 * @param refundsIssued refunds the provider took
 */
record PaidSaleReading(long holdsOpen, @Nullable Double expiredPerSecond, long waiting, long offersMade,
		long offersTaken, long paymentsApplied, long paymentsRefunded, long paymentsDeclined, long refundsPending,
		long refundsIssued) {
}
