package io.minitickets.loadtests.bench;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * One row of the bench's table: a measured value beside the bar it is held to.
 *
 * @param label what was measured, for example {@code stampede req/s}
 * @param value the value as printed, for example {@code 4,210 (31 % of the ceiling)}
 * @param bar the bar, for example {@code ≥ 25 % of the ceiling}; {@code -} when the value is only reported
 * @param met true when the bar is met, false when missed, null when there is no bar or it cannot be judged in this
 * run (a ratio to a figure the run did not measure)
 */
public record Bar(String label, String value, String bar, @Nullable Boolean met) {

	/**
	 * @param label what was measured
	 * @param value the value as printed
	 * @return a row that only reports a value
	 */
	public static Bar report(String label, String value) {
		return new Bar(label, value, "-", null);
	}

	/**
	 * @param label what was measured
	 * @param value the value
	 * @param format how to print it, for example {@code %,.0f}
	 * @param max the largest value that meets the bar
	 * @return the row
	 */
	public static Bar atMost(String label, double value, String format, double max) {
		return new Bar(label, String.format(Locale.ROOT, format, value),
				"≤ " + String.format(Locale.ROOT, format, max), value <= max);
	}

	/**
	 * @param label what was measured, a ratio of two values of the same run
	 * @param ratio the ratio
	 * @param min the smallest ratio that meets the bar
	 * @return the row, {@code ×} after the numbers
	 */
	public static Bar ratioAtLeast(String label, double ratio, double min) {
		return new Bar(label, String.format(Locale.ROOT, "%.2f×", ratio), String.format(Locale.ROOT, "≥ %.2f×", min),
				ratio >= min);
	}

	/**
	 * @return {@code pass}, {@code MISS}, or empty when there is no bar
	 */
	public String verdict() {
		if (this.met == null) {
			return "";
		}
		return this.met ? "pass" : "MISS";
	}

}
