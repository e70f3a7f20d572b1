package io.minitickets.loadtests.bench.sse;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutionException;

import io.minitickets.localstack.stack.StackException;

/**
 * Many customers' status streams on one client: opened at most {@link #OPENING} at a time (a stream whose answer's
 * headers arrived frees its slot; it stays open), then followed until each has its final status.
 */
public final class StatusStreams {

	/** Streams whose answer is awaited at once while opening: a burst of 20,000 connects would overflow the backlog. */
	public static final int OPENING = 256;

	private final List<StatusStream> streams;

	private StatusStreams(List<StatusStream> streams) {
		this.streams = streams;
	}

	/**
	 * Opens one stream per customer and returns once every one was answered (or failed).
	 * @param http the run's client
	 * @param api api-service's base URL
	 * @param customers whose bookings to follow
	 * @param answers where the answers to the opens are counted
	 * @param resume true to reopen a stream that ends before its final status ({@link StatusStream})
	 * @return the streams
	 * @throws StackException when interrupted
	 */
	public static StatusStreams open(HttpClient http, URI api, List<Customer> customers, Answers answers,
			boolean resume) {
		Semaphore opening = new Semaphore(OPENING);
		List<StatusStream> streams = new ArrayList<>(customers.size());
		List<CompletableFuture<Void>> opened = new ArrayList<>(customers.size());
		try {
			for (Customer customer : customers) {
				opening.acquire();
				StatusStream stream = new StatusStream(http, api, customer, answers, resume);
				streams.add(stream);
				opened.add(stream.open().whenComplete((done, failure) -> opening.release()));
			}
			CompletableFuture.allOf(opened.toArray(CompletableFuture[]::new)).get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while opening status streams", ex);
		}
		catch (ExecutionException ex) {
			throw new StackException("Opening status streams failed: " + ex.getCause(), ex);
		}
		return new StatusStreams(streams);
	}

	/**
	 * @return the streams, one per customer, in the customers' order
	 */
	public List<StatusStream> all() {
		return this.streams;
	}

	/**
	 * @return streams open now
	 */
	public int open() {
		return (int) this.streams.stream().filter(StatusStream::isOpen).count();
	}

	/**
	 * @return heartbeat comments received over all streams
	 */
	public long heartbeats() {
		return this.streams.stream().mapToLong(StatusStream::heartbeats).sum();
	}

	/**
	 * Waits until every stream has its final status or ended without one, for at most {@code timeout}; then stops
	 * resuming.
	 * @param timeout the longest wait
	 * @return streams that received a final status
	 * @throws StackException when interrupted
	 */
	public int awaitFinal(Duration timeout) {
		CompletableFuture<Void> all = CompletableFuture
			.allOf(this.streams.stream().map(StatusStream::finished).toArray(CompletableFuture[]::new));
		try {
			all.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			// counted below: a stream without its final status by now is a miss
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while waiting for final statuses", ex);
		}
		this.streams.forEach(StatusStream::stop);
		return (int) this.streams.stream()
			.filter((stream) -> stream.finished().isDone() && stream.finished().getNow(null) != null)
			.count();
	}

}
