/**
 * The database schema: Flyway migrations live in {@code db/migration}; exactly one service applies them.
 */
@NullMarked
package io.minitickets.core.schema;

import org.jspecify.annotations.NullMarked;
