/**
 * The sale-day board: a live page on the management port for operators and organisers, and the once-a-second sample
 * of existing meters, Postgres, the gate and the broker behind it.
 */
@NullMarked
package io.minitickets.api.board;

import org.jspecify.annotations.NullMarked;
