/**
 * The sale-day demo: the same stampede of booking requests with the inventory gate on and off, checked against
 * Postgres and reported side by side.
 */
@NullMarked
package io.minitickets.loadtests.demo;

import org.jspecify.annotations.NullMarked;
