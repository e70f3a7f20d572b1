/**
 * Administration for role ADMIN: events, users, and the bootstrap admin.
 */
@NullMarked
package io.minitickets.api.admin;

import org.jspecify.annotations.NullMarked;
