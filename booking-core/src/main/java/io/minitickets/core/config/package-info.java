/**
 * Auto-configuration that gives every service the shared Valkey wrappers and the booking topics.
 */
@NullMarked
package io.minitickets.core.config;

import org.jspecify.annotations.NullMarked;
