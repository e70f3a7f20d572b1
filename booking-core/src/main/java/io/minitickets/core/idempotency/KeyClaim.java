package io.minitickets.core.idempotency;

import java.time.Duration;

/**
 * An Idempotency-Key's claim for one request, to be taken in the same Valkey call as the request's token and RESERVE
 * ({@link io.minitickets.core.inventory.InventoryGate#claimAndReserveAfterToken}). The values are the caller's own
 * entry format; this library only stores them.
 *
 * @param entryKey the entry, {@code idem:{user:<id>}:<key>} ({@link io.minitickets.core.valkey.ValkeyKeys#idempotency})
 * @param claim the value that says the request is in flight, stored only when the key holds nothing
 * @param soldOutAnswer the value that replaces the claim when RESERVE answers sold out: the request's final answer
 * @param ttl how long the entry is kept, both values
 */
public record KeyClaim(String entryKey, String claim, String soldOutAnswer, Duration ttl) {

}
