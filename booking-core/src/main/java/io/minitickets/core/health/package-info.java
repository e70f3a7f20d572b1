/**
 * Health of the pipeline's dependencies as the services report them.
 */
@NullMarked
package io.minitickets.core.health;

import org.jspecify.annotations.NullMarked;
