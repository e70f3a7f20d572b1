/**
 * The database schema: Flyway migrations live in {@code db/migration}; exactly one service applies them. How the
 * schema marks a closed sale ({@link io.minitickets.core.schema.ClosedSale}).
 */
@NullMarked
package io.minitickets.core.schema;

import org.jspecify.annotations.NullMarked;
