/**
 * Stable RFC 9457 problem type URIs shared by every service.
 */
@NullMarked
package io.minitickets.core.problem;

import org.jspecify.annotations.NullMarked;
