/**
 * One event's reconcile of the inventory gate with Postgres, shared by the reconciler's passes and {@code ops
 * reconcile}: the repairs, the reads of Postgres they need, and what a reconcile reports.
 */
@NullMarked
package io.minitickets.core.reconcile;

import org.jspecify.annotations.NullMarked;
