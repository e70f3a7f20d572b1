/**
 * Postgres for a stack: a fresh database on the configured server when it is reachable, else an embedded server in
 * its own JVM process.
 */
@NullMarked
package io.minitickets.localstack.postgres;

import org.jspecify.annotations.NullMarked;
