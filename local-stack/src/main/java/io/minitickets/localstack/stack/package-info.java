/**
 * The local stack itself: its state folder and file, free ports, the processes it starts and stops, and the
 * {@code up}, {@code down} and {@code status} commands.
 */
@NullMarked
package io.minitickets.localstack.stack;

import org.jspecify.annotations.NullMarked;
