/**
 * The one verifier of every run (demo, simulations): oversold, undersold, unsettled 202s, gate drift and consumer
 * lag, read directly from Postgres, Valkey and Kafka.
 */
@NullMarked
package io.minitickets.loadtests.verify;

import org.jspecify.annotations.NullMarked;
