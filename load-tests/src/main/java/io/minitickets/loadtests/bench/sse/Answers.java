package io.minitickets.loadtests.bench.sse;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The mix of answers a run got, counted from many threads: HTTP status codes, and {@link #NO_ANSWER} for a request
 * that timed out or failed before an answer.
 */
public final class Answers {

	/** The key of requests that got no answer (timeout, connection refused or reset). */
	public static final int NO_ANSWER = 0;

	private final Map<Integer, LongAdder> counts = new ConcurrentHashMap<>();

	/**
	 * @param status an HTTP status, or {@link #NO_ANSWER}
	 */
	public void count(int status) {
		this.counts.computeIfAbsent(status, (key) -> new LongAdder()).increment();
	}

	/**
	 * @return answers by status, in status order ({@code 0}: no answer)
	 */
	public SortedMap<Integer, Long> snapshot() {
		SortedMap<Integer, Long> snapshot = new TreeMap<>();
		this.counts.forEach((status, count) -> snapshot.put(status, count.sum()));
		return snapshot;
	}

	/**
	 * @param status an HTTP status
	 * @return how many answers had it
	 */
	public long of(int status) {
		LongAdder count = this.counts.get(status);
		return (count != null) ? count.sum() : 0;
	}

	/**
	 * @param status the expected HTTP status
	 * @return answers with another status, or none
	 */
	public long other(int status) {
		return this.counts.entrySet()
			.stream()
			.filter((entry) -> entry.getKey() != status)
			.mapToLong((entry) -> entry.getValue().sum())
			.sum();
	}

}
