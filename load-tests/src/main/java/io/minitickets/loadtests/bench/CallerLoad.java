package io.minitickets.loadtests.bench;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;

import org.HdrHistogram.Recorder;

import io.minitickets.localstack.stack.StackException;

/**
 * Drives a case with a fixed number of concurrent callers, each a virtual thread calling the case's blocking method
 * again and again, and times every call.
 * <p>
 * That is how production calls these scripts: api-service calls {@code RateLimiter.tryAcquire} and
 * {@code InventoryGate.reserve} from request virtual threads, and Lettuce pipelines the concurrent callers' commands
 * over the one shared connection (its blocking API sends the command asynchronously and parks the caller until the
 * reply). So the bench needs no asynchronous variant of those methods, and its client pays what api-service pays:
 * a virtual thread parked and resumed per call.
 *
 * @param callers concurrent callers, at least 1
 */
record CallerLoad(int callers) {

	/**
	 * Runs a case for a while: every call started in that time is timed from its start to its reply.
	 * @param benchCase the case
	 * @param duration how long callers keep starting calls
	 * @return the figures
	 * @throws StackException when a call failed (Valkey unreachable, slower than the command timeout, or an error
	 * reply) or the run was interrupted
	 */
	Measurement run(BenchCase benchCase, Duration duration) {
		Recorder latencies = new Recorder(3);
		LongAdder counted = new LongAdder();
		long end = System.nanoTime() + duration.toNanos();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			List<Future<?>> running = IntStream.range(0, this.callers)
				.<Future<?>>mapToObj((caller) -> threads.submit(() -> callUntil(benchCase, end, latencies, counted)))
				.toList();
			for (Future<?> caller : running) {
				awaitCaller(benchCase, caller);
			}
		}
		return new Measurement(benchCase, latencies.getIntervalHistogram(), counted.sum(), duration);
	}

	private static void callUntil(BenchCase benchCase, long end, Recorder latencies, LongAdder counted) {
		while (true) {
			long start = System.nanoTime();
			if (start >= end) {
				return;
			}
			boolean outcome = benchCase.call().getAsBoolean();
			latencies.recordValue(System.nanoTime() - start);
			if (outcome) {
				counted.increment();
			}
		}
	}

	private static void awaitCaller(BenchCase benchCase, Future<?> caller) {
		try {
			caller.get();
		}
		catch (ExecutionException ex) {
			throw new StackException("A call of " + benchCase.name() + " failed: " + ex.getCause().getMessage(),
					ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while measuring " + benchCase.name(), ex);
		}
	}

}
