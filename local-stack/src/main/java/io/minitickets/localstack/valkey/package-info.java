/**
 * Valkey for a stack: the configured server with a key prefix of the stack's own when it is reachable, else a
 * {@code valkey-server} or {@code redis-server} started from the PATH.
 */
@NullMarked
package io.minitickets.localstack.valkey;

import org.jspecify.annotations.NullMarked;
