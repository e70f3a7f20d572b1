/**
 * Idempotency-Key entries: the compare-and-set script that lets only the request holding an entry change it.
 */
@NullMarked
package io.minitickets.core.idempotency;

import org.jspecify.annotations.NullMarked;
