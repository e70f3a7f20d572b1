/**
 * The commands' {@code --json FILE} reports.
 */
@NullMarked
package io.minitickets.loadtests.report;

import org.jspecify.annotations.NullMarked;
