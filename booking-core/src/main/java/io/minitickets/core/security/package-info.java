/**
 * Access tokens (HS256 JWT) shared by the API, which verifies them, and the load drivers, which mint them.
 */
@NullMarked
package io.minitickets.core.security;

import org.jspecify.annotations.NullMarked;
