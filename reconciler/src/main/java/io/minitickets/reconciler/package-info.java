/**
 * The reconciler: the repair loop between the Valkey inventory gate and Postgres.
 */
@NullMarked
package io.minitickets.reconciler;

import org.jspecify.annotations.NullMarked;
