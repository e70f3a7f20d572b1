/**
 * The inventory gate: seat counters and leases in Valkey that keep sold-out traffic away from Postgres.
 */
@NullMarked
package io.minitickets.core.inventory;

import org.jspecify.annotations.NullMarked;
