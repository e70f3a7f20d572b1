/**
 * Who the caller is: stateless JWT authentication, the roles each endpoint needs, and the current user's id.
 */
@NullMarked
package io.minitickets.api.security;

import org.jspecify.annotations.NullMarked;
