package io.minitickets.loadtests.bench.timetoknow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.handler.codec.http.FullHttpResponse;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.http.CustomerBookings;
import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.bench.http.StatusStreams;
import io.minitickets.localstack.stack.StackException;

/**
 * One open-model run's customers: each request's send time is noted as the generator takes it, each 202 opens the
 * booking's status stream, and each stream's end is recorded: the time from the request's send to the final status,
 * or, for a customer never told (no final status within {@link TimeToKnowFigure#STREAM_TIMEOUT}, a stream refused,
 * closed or broken), a miss recorded at the timeout itself, so that misses count against the percentiles.
 */
final class Customers implements RequestSource, ResponseSink {

	private final CustomerBookings bookings;

	private final StatusStreams streams;

	private final long[] sentAt;

	private final Histogram latencies = new Histogram(3);

	private final Map<String, Long> endings = new TreeMap<>();

	private final Map<String, Long> finalStatuses = new TreeMap<>();

	private final List<CompletableFuture<Void>> waits = new ArrayList<>();

	private long withoutBookingId;

	/**
	 * @param bookings the run's requests (a fresh Idempotency-Key prefix per run)
	 * @param streams where customers wait
	 * @param requests how many requests the run sends at most
	 */
	Customers(CustomerBookings bookings, StatusStreams streams, long requests) {
		this.bookings = bookings;
		this.streams = streams;
		this.sentAt = new long[(int) Math.min(Integer.MAX_VALUE - 8, requests + 1)];
	}

	@Override
	public byte[] request(long index) {
		if (index < this.sentAt.length) {
			this.sentAt[(int) index] = System.nanoTime();
		}
		return this.bookings.request(index);
	}

	@Override
	public void answered(long index, int status, @Nullable FullHttpResponse response) {
		if (status != 202) {
			return;
		}
		UUID bookingId = CustomerBookings.bookingId(response);
		if (bookingId == null || index >= this.sentAt.length) {
			synchronized (this) {
				this.withoutBookingId++;
			}
			return;
		}
		long sent = this.sentAt[(int) index];
		CompletableFuture<Void> wait = this.streams
			.awaitFinal(bookingId, this.bookings.user(index).token(), TimeToKnowFigure.STREAM_TIMEOUT)
			.thenAccept((outcome) -> record(sent, outcome));
		synchronized (this) {
			this.waits.add(wait);
		}
	}

	private synchronized void record(long sent, StatusStreams.Outcome outcome) {
		this.endings.merge(outcome.ending().name(), 1L, Long::sum);
		if (outcome.isFinal()) {
			this.finalStatuses.merge(String.valueOf(outcome.status()), 1L, Long::sum);
			this.latencies.recordValue(Math.max(0, (outcome.atNanos() - sent) / 1_000));
		}
		else {
			this.latencies.recordValue(TimeToKnowFigure.STREAM_TIMEOUT.toNanos() / 1_000);
		}
	}

	/**
	 * Waits until every customer's stream ended (each ends by its timeout at the latest).
	 * @param atMost the longest wait
	 * @throws StackException when they did not all end in time, or the wait was interrupted
	 */
	void awaitAll(Duration atMost) {
		CompletableFuture<?>[] all;
		synchronized (this) {
			all = this.waits.toArray(CompletableFuture[]::new);
		}
		try {
			CompletableFuture.allOf(all).get(atMost.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			throw new StackException("Customers' status streams did not all end within " + atMost.toSeconds() + " s",
					ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while customers waited on their status streams", ex);
		}
	}

	/**
	 * @param percentile from 0 to 100
	 * @return that percentile of request → final status, misses at the timeout, in ms
	 */
	synchronized double latencyMs(double percentile) {
		return this.latencies.getValueAtPercentile(percentile) / 1000.0;
	}

	/**
	 * @return streams opened (one per 202 that named a booking)
	 */
	synchronized long streams() {
		return this.endings.values().stream().mapToLong(Long::longValue).sum();
	}

	/**
	 * @return customers never told their final status: streams that timed out, were refused, closed or broke, and
	 * 202s that named no booking
	 */
	synchronized long misses() {
		return streams() - this.endings.getOrDefault(StatusStreams.Ending.FINAL.name(), 0L) + this.withoutBookingId;
	}

	/**
	 * @return how the streams ended, per {@link StatusStreams.Ending}
	 */
	synchronized Map<String, Long> endings() {
		return new TreeMap<>(this.endings);
	}

	/**
	 * @return the final statuses the streams delivered, per status
	 */
	synchronized Map<String, Long> finalStatuses() {
		return new TreeMap<>(this.finalStatuses);
	}

}
