package io.minitickets.loadtests.bench;

import java.util.function.BooleanSupplier;

/**
 * One thing the bench measures: what a caller does once, and which answer it counts.
 *
 * @param name the row's label in the table
 * @param outcome what a counted answer is, for example {@code allowed} or {@code sold out}
 * @param call one call, made on the calling thread and waited for, again and again by every caller; true when its
 * answer was {@code outcome}
 */
record BenchCase(String name, String outcome, BooleanSupplier call) {

}
