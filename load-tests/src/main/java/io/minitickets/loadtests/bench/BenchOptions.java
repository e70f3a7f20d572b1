package io.minitickets.loadtests.bench;

import java.time.Duration;

/**
 * The sizes of a bench run, from its command line.
 *
 * @param connections the HTTP load generator's connections, the same for the ceiling and api-service
 * @param warmUp unmeasured load before each HTTP figure's measured window
 * @param window each HTTP figure's measured window (closed model, then open model for the stampede)
 * @param users users (with their own tokens) the stampede and the accepting figure spread their requests over
 * @param scale the gate, big-sale and worker figures' sizes as a share of issue 8's (1 = 10,000 requests, 1,000,000
 * requests and 100,000 pre-filled bookings)
 * @param valkeyUrl the Valkey the limiter and scripts figures measure
 * @param callers the limiter and scripts figures' concurrent callers
 * @param scriptSeconds the limiter and scripts figures' measured seconds per case, and the worker figure's baseline
 * window per round
 */
public record BenchOptions(int connections, Duration warmUp, Duration window, int users, double scale,
		String valkeyUrl, int callers, int scriptSeconds) {

	/**
	 * @param full a size of issue 8's bench
	 * @return that size scaled, at least 1
	 */
	public int scaled(int full) {
		return (int) Math.max(1, Math.round(full * this.scale));
	}

}
