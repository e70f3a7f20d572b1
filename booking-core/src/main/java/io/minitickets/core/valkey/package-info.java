/**
 * Connections to Valkey with fail-fast timeouts, the key schema, and the Lua script executor.
 */
@NullMarked
package io.minitickets.core.valkey;

import org.jspecify.annotations.NullMarked;
