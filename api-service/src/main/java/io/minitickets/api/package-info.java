/**
 * api-service: the HTTP front of MiniTickets.
 */
@NullMarked
package io.minitickets.api;

import org.jspecify.annotations.NullMarked;
