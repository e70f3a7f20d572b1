/**
 * Error rendering: every error the API answers, from a controller, a filter, security or Tomcat itself, is an RFC 9457
 * problem.
 */
@NullMarked
package io.minitickets.api.problem;

import org.jspecify.annotations.NullMarked;
