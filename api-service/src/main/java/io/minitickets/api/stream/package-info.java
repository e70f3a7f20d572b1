/**
 * Server-Sent Events streams that several features serve (a booking's status, a waiting-room place): the one-slot
 * writer behind each stream and the tickets that open one without a Bearer token.
 */
@NullMarked
package io.minitickets.api.stream;

import org.jspecify.annotations.NullMarked;
