/**
 * Reads the repository's {@code docker-compose.yml} for tests: the services built from this repository, the
 * environment each gets, and whether each variable binds to a configuration property of the service.
 */
@NullMarked
package io.minitickets.core.testing.compose;

import org.jspecify.annotations.NullMarked;
