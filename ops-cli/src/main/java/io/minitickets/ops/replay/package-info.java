/**
 * {@code ops replay}: re-publishes dead letters or a range of {@code bookings.requested}, once per original record,
 * parks records replayed too often, audits and reports how the replayed bookings settled.
 */
@NullMarked
package io.minitickets.ops.replay;

import org.jspecify.annotations.NullMarked;
