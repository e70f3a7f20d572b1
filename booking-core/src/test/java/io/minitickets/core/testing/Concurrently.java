package io.minitickets.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Runs calls "in the same instant": each on its own virtual thread, all released by one latch, so tests of atomic
 * scripts and claims see real contention.
 */
public final class Concurrently {

	private Concurrently() {
	}

	/**
	 * @param <T> what each call returns
	 * @param count how many calls
	 * @param call the call for index {@code 0..count-1}
	 * @return the results, in index order
	 * @throws ExecutionException when a call threw (its exception is the cause)
	 * @throws InterruptedException when interrupted while waiting
	 */
	public static <T> List<T> run(int count, IntFunction<Callable<T>> call)
			throws ExecutionException, InterruptedException {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<T>> futures = new ArrayList<>();
		try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int i = 0; i < count; i++) {
				Callable<T> task = call.apply(i);
				futures.add(threads.submit(() -> {
					start.await();
					return task.call();
				}));
			}
			start.countDown();
		}
		List<T> results = new ArrayList<>();
		for (Future<T> future : futures) {
			results.add(future.get());
		}
		return results;
	}

}
