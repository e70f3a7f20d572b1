/**
 * {@code ops waitlist}: an event's waiting list in the order of service, with each entry's offer.
 */
@NullMarked
package io.minitickets.ops.waitlist;

import org.jspecify.annotations.NullMarked;
