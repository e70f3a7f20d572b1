/**
 * {@code ops users}: bulk users for load tests.
 */
@NullMarked
package io.minitickets.ops.user;

import org.jspecify.annotations.NullMarked;
