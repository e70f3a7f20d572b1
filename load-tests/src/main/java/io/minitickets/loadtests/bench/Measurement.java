package io.minitickets.loadtests.bench;

import java.time.Duration;

import org.HdrHistogram.Histogram;

/**
 * What one case did in one or more runs of its callers.
 *
 * @param benchCase the case
 * @param latencies the latency of every call, in ns
 * @param counted calls whose answer was the case's outcome
 * @param window how long callers kept starting calls, over all runs
 */
record Measurement(BenchCase benchCase, Histogram latencies, long counted, Duration window) {

	/**
	 * Adds another run of the same case.
	 * @param other a later run of the same case
	 * @return both runs' calls, counted answers and time together
	 */
	Measurement plus(Measurement other) {
		Histogram both = this.latencies.copy();
		both.add(other.latencies);
		return new Measurement(this.benchCase, both, this.counted + other.counted, this.window.plus(other.window));
	}

	/**
	 * @return calls started per second of the window (each one also completed)
	 */
	double opsPerSecond() {
		return this.latencies.getTotalCount() / (this.window.toNanos() / 1e9);
	}

	/**
	 * @return the median latency of one call, in µs
	 */
	double p50Micros() {
		return this.latencies.getValueAtPercentile(50) / 1e3;
	}

	/**
	 * @return the 99th percentile latency of one call, in µs
	 */
	double p99Micros() {
		return this.latencies.getValueAtPercentile(99) / 1e3;
	}

	/**
	 * @return the share of calls answered with the case's outcome, from 0 to 1 (0 when there was no call)
	 */
	double countedShare() {
		long calls = this.latencies.getTotalCount();
		return (calls > 0) ? (double) this.counted / calls : 0;
	}

}
