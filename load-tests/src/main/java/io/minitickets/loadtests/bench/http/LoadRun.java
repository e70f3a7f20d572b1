package io.minitickets.loadtests.bench.http;

import java.time.Duration;

import org.HdrHistogram.Histogram;

/**
 * What one load run did.
 *
 * @param sent requests sent
 * @param answered requests answered or lost (every request sent, once the run ended)
 * @param statuses how many answers had each HTTP status, by status; index 0 counts requests lost without an answer
 * @param latencies per request, in µs: from the send (closed model) or from when it was due (open model) to its
 * answer
 * @param window the run's duration, or for an exact count of requests from the first send to the last answer
 */
public record LoadRun(long sent, long answered, int[] statuses, Histogram latencies, Duration window) {

	/**
	 * @return answers per second of the window
	 */
	public double requestsPerSecond() {
		return this.answered / (this.window.toNanos() / 1e9);
	}

	/**
	 * @param percentile from 0 to 100
	 * @return that percentile of the latencies, in ms
	 */
	public double latencyMs(double percentile) {
		return this.latencies.getValueAtPercentile(percentile) / 1000.0;
	}

	/**
	 * @param status an HTTP status
	 * @return how many answers had it
	 */
	public int count(int status) {
		return this.statuses[status];
	}

	/**
	 * @param expected the status every answer should have had
	 * @return answers that had another status than {@code expected}, lost requests included
	 */
	public long unexpected(int expected) {
		return this.answered - this.statuses[expected];
	}

}
