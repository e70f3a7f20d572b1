/**
 * {@code ops tokens}: access tokens for load drivers, signed like the API's.
 */
@NullMarked
package io.minitickets.ops.token;

import org.jspecify.annotations.NullMarked;
