package io.minitickets.loadtests.bench;

import java.time.Duration;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.bench.http.ResponseSink;

/**
 * A server driven at saturation (closed model, every connection busy): unmeasured warm-up rounds, then the measured
 * window, with the server process's CPU time read before and after it.
 * <p>
 * Warm-up rounds of {@code --warm-up} seconds go on until the server's CPU time per request in a round is within
 * {@value #SETTLED_PERCENT} % of the round before (the JIT has compiled the request's paths), {@value #MAX_ROUNDS}
 * rounds at most: on a busy machine a fixed time would end the warm-up after too few requests.
 *
 * @param run the measured window's requests and latencies
 * @param cpuMicrosPerRequest the server process's CPU time over the window divided by the requests answered, in µs
 */
public record Saturation(LoadRun run, double cpuMicrosPerRequest) {

	private static final int SETTLED_PERCENT = 10;

	private static final int MAX_ROUNDS = 6;

	/**
	 * @param options the run's sizes
	 * @return the longest a saturation can drive its server: every warm-up round and the window
	 */
	static Duration longest(BenchOptions options) {
		return options.warmUp().multipliedBy(MAX_ROUNDS).plus(options.window());
	}

	/**
	 * @param context the run's options and output
	 * @param what names the load in progress lines
	 * @param generator the load generator, connected to the server
	 * @param requests what to send
	 * @param server the server process's CPU clock
	 * @return the measured window's figures
	 * @throws io.minitickets.localstack.stack.StackException when the server cannot be driven or read
	 */
	public static Saturation measure(BenchContext context, String what, LoadGenerator generator, RequestSource requests,
			CpuClock server) {
		BenchOptions options = context.options();
		double previous = Double.MAX_VALUE;
		for (int round = 1; round <= MAX_ROUNDS; round++) {
			Saturation warmUp = window(generator, requests, server, options.warmUp());
			context.progress("%s: warm-up round %d of at most %d, %d connections: %.0f req/s, %.0f µs of server CPU "
					+ "per request", what, round, MAX_ROUNDS, generator.connections(),
					warmUp.run().requestsPerSecond(), warmUp.cpuMicrosPerRequest());
			if (round > 1 && Math.abs(warmUp.cpuMicrosPerRequest() - previous) <= previous * SETTLED_PERCENT / 100) {
				break;
			}
			previous = warmUp.cpuMicrosPerRequest();
		}
		context.progress("%s: %d s measured...", what, options.window().toSeconds());
		return window(generator, requests, server, options.window());
	}

	private static Saturation window(LoadGenerator generator, RequestSource requests, CpuClock server,
			Duration duration) {
		long cpuBefore = server.micros();
		LoadRun run = generator.closed(requests, duration, ResponseSink.IGNORE);
		long cpuAfter = server.micros();
		return new Saturation(run, (double) (cpuAfter - cpuBefore) / Math.max(1, run.answered()));
	}

}
