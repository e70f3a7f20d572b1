/**
 * Login: users with hashed passwords, answered with a signed access token.
 */
@NullMarked
package io.minitickets.api.auth;

import org.jspecify.annotations.NullMarked;
