package io.minitickets.worker.expiry;

/**
 * What one {@link HoldExpirer#expireDue()} run did.
 *
 * @param events events whose due holds it expired (an event another expirer emptied first counts, with no booking)
 * @param bookings bookings it made EXPIRED
 * @param seats seats those bookings gave back
 * @param afterCommitComplete true when Valkey took every RETURN and status write and the broker acknowledged every
 * {@code bookings.settled} record; false when some were left (the reconciler repairs the gate, polls read Postgres)
 */
public record ExpiryRun(int events, int bookings, long seats, boolean afterCommitComplete) {
}
