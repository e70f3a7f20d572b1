package io.minitickets.core.reconcile;

import java.util.List;

import io.minitickets.core.inventory.ReconcileResult;

/**
 * What one event's reconcile found and did.
 *
 * @param counter what the counter's compare-and-set did (STALE: a settle raced with it; a later pass retries)
 * @param truth Postgres's view as the compare-and-set used it
 * @param repairs the repairs made, in order; empty when the gate agreed
 */
public record EventReconcile(ReconcileResult counter, EventTruth truth, List<Repair> repairs) {
}
