package io.minitickets.loadtests.bench.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Customers waiting on {@code GET /api/bookings/{id}/events} (Server-Sent Events) for their booking's final status,
 * as a browser's EventSource would: one stream per booking, over the JDK's HTTP/1.1 client, each line pushed to a
 * subscriber (no thread per stream). A stream ends at the first {@code status} event whose status is final (neither
 * PENDING nor HELD), when the server closes it, or at the timeout, whichever comes first.
 */
public final class StatusStreams implements AutoCloseable {

	private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([A-Z_]+)\"");

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final URI api;

	/**
	 * @param api api-service's base URL
	 */
	public StatusStreams(URI api) {
		this.api = api;
	}

	/**
	 * Opens a booking's stream.
	 * @param bookingId the booking
	 * @param token its owner's Bearer token
	 * @param timeout the longest wait for a final status, from now
	 * @return completed (never exceptionally) with how the stream ended
	 */
	public CompletableFuture<Outcome> awaitFinal(UUID bookingId, String token, Duration timeout) {
		HttpRequest request = HttpRequest.newBuilder(this.api.resolve("/api/bookings/" + bookingId + "/events"))
			.header("Accept", "text/event-stream")
			.header("Authorization", "Bearer " + token)
			.build();
		Lines lines = new Lines();
		this.http.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(lines))
			.whenComplete((response, failure) -> {
				if (failure != null) {
					lines.result.complete(new Outcome(Ending.FAILED, null, System.nanoTime(), 0));
				}
				else if (response.statusCode() != 200) {
					lines.result.complete(new Outcome(Ending.REFUSED, null, System.nanoTime(), response.statusCode()));
				}
				else {
					lines.result.complete(new Outcome(Ending.CLOSED, null, System.nanoTime(), 200));
				}
			});
		return lines.result.completeOnTimeout(new Outcome(Ending.TIMED_OUT, null, 0, 0), timeout.toNanos(),
				TimeUnit.NANOSECONDS)
			.whenComplete((outcome, failure) -> lines.cancel());
	}

	@Override
	public void close() {
		this.http.shutdownNow();
	}

	/**
	 * @param line a {@code data:} line of a {@code status} event
	 * @return the status it carries, or null when it carries none
	 */
	static @Nullable String status(String line) {
		if (!line.startsWith("data:")) {
			return null;
		}
		Matcher matcher = STATUS.matcher(line);
		return matcher.find() ? matcher.group(1) : null;
	}

	/**
	 * @param status a booking status
	 * @return true when nothing moves it on by itself (a free event's CONFIRMED or REJECTED, and the others that end a
	 * booking)
	 */
	static boolean isFinal(String status) {
		return !status.equals("PENDING") && !status.equals("HELD");
	}

	/**
	 * How a stream ended.
	 */
	public enum Ending {

		/** A final status arrived. */
		FINAL,

		/** The server closed the stream without one. */
		CLOSED,

		/** The server refused the stream (for example 404, 503). */
		REFUSED,

		/** No connection, or it broke. */
		FAILED,

		/** No final status within the timeout. */
		TIMED_OUT

	}

	/**
	 * @param ending how the stream ended
	 * @param status the final status, when {@code ending} is {@link Ending#FINAL}
	 * @param atNanos {@link System#nanoTime()} when it arrived (or the stream ended); 0 for a timeout
	 * @param httpStatus the stream's HTTP status when known, 0 otherwise
	 */
	public record Outcome(Ending ending, @Nullable String status, long atNanos, int httpStatus) {

		/**
		 * @return true when a final status arrived
		 */
		public boolean isFinal() {
			return this.ending == Ending.FINAL;
		}

	}

	/** Reads a stream's lines as they come, completing its result at the first final status. */
	private static final class Lines implements Flow.Subscriber<String> {

		private final CompletableFuture<Outcome> result = new CompletableFuture<>();

		private volatile Flow.@Nullable Subscription subscription;

		private volatile boolean cancelled;

		@Override
		public void onSubscribe(Flow.Subscription newSubscription) {
			this.subscription = newSubscription;
			if (this.cancelled) {
				newSubscription.cancel();
				return;
			}
			newSubscription.request(Long.MAX_VALUE);
		}

		@Override
		public void onNext(String line) {
			String status = status(line);
			if (status != null && isFinal(status)) {
				this.result.complete(new Outcome(Ending.FINAL, status, System.nanoTime(), 200));
			}
		}

		@Override
		public void onError(Throwable failure) {
			this.result.complete(new Outcome(Ending.FAILED, null, System.nanoTime(), 0));
		}

		@Override
		public void onComplete() {
			// the response's future says whether the server refused or closed the stream
		}

		void cancel() {
			this.cancelled = true;
			Flow.Subscription current = this.subscription;
			if (current != null) {
				current.cancel();
			}
		}

	}

}
