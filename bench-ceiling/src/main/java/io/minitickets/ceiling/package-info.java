/**
 * The bench's ceiling app: a trivial endpoint with api-service's server configuration.
 */
@NullMarked
package io.minitickets.ceiling;

import org.jspecify.annotations.NullMarked;
