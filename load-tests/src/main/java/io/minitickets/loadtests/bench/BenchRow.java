package io.minitickets.loadtests.bench;

/**
 * One case's figures, compared with the baselines of the same run.
 *
 * @param name the case
 * @param opsPerSecond calls completed per second (a reserve + settle pair counts as one)
 * @param p50Micros median latency of one call, in µs
 * @param p99Micros 99th percentile latency of one call, in µs
 * @param throughputVsGet ops/s divided by baseline A's (GET) ops/s
 * @param throughputVsEvalsha ops/s divided by baseline B's (EVALSHA {@code return 1}) ops/s
 * @param outcome what a counted answer is, for example {@code allowed}
 * @param outcomeShare the share of calls answered with {@code outcome}, from 0 to 1
 */
record BenchRow(String name, double opsPerSecond, double p50Micros, double p99Micros, double throughputVsGet,
		double throughputVsEvalsha, String outcome, double outcomeShare) {

	/**
	 * @param measurement the case's figures
	 * @param get baseline A, measured in the same run
	 * @param evalsha baseline B, measured in the same run
	 * @return the row
	 */
	static BenchRow compare(Measurement measurement, Measurement get, Measurement evalsha) {
		double opsPerSecond = measurement.opsPerSecond();
		return new BenchRow(measurement.benchCase().name(), opsPerSecond, measurement.p50Micros(),
				measurement.p99Micros(), opsPerSecond / get.opsPerSecond(), opsPerSecond / evalsha.opsPerSecond(),
				measurement.benchCase().outcome(), measurement.countedShare());
	}

}
