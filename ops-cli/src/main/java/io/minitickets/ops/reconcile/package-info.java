/**
 * {@code ops reconcile}: one reconcile pass of the inventory gate against Postgres, now, with what it found and did.
 */
@NullMarked
package io.minitickets.ops.reconcile;

import org.jspecify.annotations.NullMarked;
