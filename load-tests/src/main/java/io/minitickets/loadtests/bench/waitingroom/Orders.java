package io.minitickets.loadtests.bench.waitingroom;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * How an admission order compares with a join order: Spearman's rank correlation for the pre-queue (a fair draw puts
 * it near 0), inversions for the places joined after the opening (first in, first out: none), and a measured rate's
 * error against the rate set.
 */
final class Orders {

	private Orders() {
	}

	/**
	 * Spearman's ρ: Pearson's correlation of the two rankings, tied values given the mean of the ranks they span.
	 * @param first one value per item, for example its join order
	 * @param second one value per item in the same item order, for example its admission order
	 * @return ρ from −1 to 1; 0 when there are fewer than two items or either ranking is all ties
	 * @throws IllegalArgumentException when the arrays differ in length
	 */
	static double spearmanRho(long[] first, long[] second) {
		if (first.length != second.length) {
			throw new IllegalArgumentException("Both rankings need one value per item");
		}
		int n = first.length;
		if (n < 2) {
			return 0;
		}
		double[] x = ranks(first);
		double[] y = ranks(second);
		double mean = (n + 1) / 2.0;
		double covariance = 0;
		double xVariance = 0;
		double yVariance = 0;
		for (int i = 0; i < n; i++) {
			double dx = x[i] - mean;
			double dy = y[i] - mean;
			covariance += dx * dy;
			xVariance += dx * dx;
			yVariance += dy * dy;
		}
		if (xVariance == 0 || yVariance == 0) {
			return 0;
		}
		return covariance / Math.sqrt(xVariance * yVariance);
	}

	/**
	 * @param values one value per item
	 * @return each item's rank from 1, ties the mean of the ranks they span
	 */
	static double[] ranks(long[] values) {
		Integer[] order = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
		Arrays.sort(order, Comparator.comparingLong((Integer i) -> values[i]));
		double[] ranks = new double[values.length];
		int from = 0;
		while (from < order.length) {
			int to = from;
			while (to + 1 < order.length && values[order[to + 1]] == values[order[from]]) {
				to++;
			}
			double rank = (from + to) / 2.0 + 1;
			for (int i = from; i <= to; i++) {
				ranks[order[i]] = rank;
			}
			from = to + 1;
		}
		return ranks;
	}

	/**
	 * Pairs out of order: items {@code i < j} (in join order) with {@code admitted[i] > admitted[j]}, counted by merge
	 * sort in O(n log n).
	 * @param admitted each item's admission order, the items in join order
	 * @return the pairs admitted in the opposite order to the one they joined in; 0 for first in, first out
	 */
	static long inversions(long[] admitted) {
		long[] values = admitted.clone();
		return sortCounting(values, new long[values.length], 0, values.length);
	}

	private static long sortCounting(long[] values, long[] scratch, int from, int to) {
		if (to - from < 2) {
			return 0;
		}
		int middle = (from + to) >>> 1;
		long count = sortCounting(values, scratch, from, middle) + sortCounting(values, scratch, middle, to);
		int left = from;
		int right = middle;
		int at = from;
		while (left < middle && right < to) {
			if (values[right] < values[left]) {
				count += middle - left;
				scratch[at++] = values[right++];
			}
			else {
				scratch[at++] = values[left++];
			}
		}
		while (left < middle) {
			scratch[at++] = values[left++];
		}
		while (right < to) {
			scratch[at++] = values[right++];
		}
		System.arraycopy(scratch, from, values, from, to - from);
		return count;
	}

	/**
	 * @param admitted places admitted over the window
	 * @param seconds the window, in seconds
	 * @param perSecond the rate set, places a second
	 * @return the measured rate's error, in percent of the rate set (negative: slower)
	 */
	static double rateErrorPercent(long admitted, double seconds, double perSecond) {
		return 100 * (admitted / seconds - perSecond) / perSecond;
	}

}
