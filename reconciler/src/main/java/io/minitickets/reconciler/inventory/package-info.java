/**
 * The reconcile pass: claims a batch of events, settles expired and orphaned leases, and sets each gate counter to the
 * truth from Postgres plus live leases.
 */
@NullMarked
package io.minitickets.reconciler.inventory;

import org.jspecify.annotations.NullMarked;
