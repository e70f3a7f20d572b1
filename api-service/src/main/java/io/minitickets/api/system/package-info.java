/**
 * Cross-cutting web concerns: security, problem details, health.
 */
@NullMarked
package io.minitickets.api.system;

import org.jspecify.annotations.NullMarked;
