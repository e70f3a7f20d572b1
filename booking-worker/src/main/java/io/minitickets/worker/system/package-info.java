/**
 * What the worker's features share: its configuration, how listener failures are retried, how records are logged.
 */
@NullMarked
package io.minitickets.worker.system;

import org.jspecify.annotations.NullMarked;
