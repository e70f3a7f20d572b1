/**
 * {@code ops holds}: an event's open holds, and the expiry of one by hand, decided by the worker's expirer.
 */
@NullMarked
package io.minitickets.ops.hold;

import org.jspecify.annotations.NullMarked;
