/**
 * {@code ops status}: the sale at a glance, from Postgres, the gate's Valkey and the broker.
 */
@NullMarked
package io.minitickets.ops.status;

import org.jspecify.annotations.NullMarked;
