package io.minitickets.loadtests.bench.sse;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * One customer's status stream, {@code GET /api/bookings/{id}/events}, read line by line as the JDK client's
 * selector delivers them (no thread per stream): the answer's status, each {@code status} event's booking status, the
 * heartbeat comments, and how the stream ended. When it ends before a final status and {@code resume} is set, it is
 * opened again with {@code Last-Event-ID} after 1 s, as EventSource does.
 */
public final class StatusStream implements Flow.Subscriber<String> {

	/** The statuses after which nothing moves a booking on by itself; the stream closes after one. */
	static final List<String> FINAL = List.of("CONFIRMED", "REJECTED", "EXPIRED", "CANCELLED", "REFUNDED");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

	private static final int OPEN_ATTEMPTS = 10;

	private final HttpClient http;

	private final URI events;

	private final Customer customer;

	private final Answers answers;

	private final boolean resume;

	private volatile boolean stopped;

	private final CompletableFuture<Void> opened = new CompletableFuture<>();

	private final CompletableFuture<@Nullable String> finished = new CompletableFuture<>();

	private volatile @Nullable String lastEventId;

	private volatile @Nullable String status;

	private volatile int heartbeats;

	private volatile int statusEvents;

	private volatile int ends;

	private @Nullable String eventName;

	private @Nullable String data;

	private @Nullable String id;

	/**
	 * @param http the run's client
	 * @param api api-service's base URL
	 * @param customer whose booking to follow
	 * @param answers where the stream's answers are counted (each open and resume)
	 * @param resume true to open the stream again (with {@code Last-Event-ID}, after 1 s) when it ends before a final
	 * status, until {@link #stop()}
	 */
	public StatusStream(HttpClient http, URI api, Customer customer, Answers answers, boolean resume) {
		this.http = http;
		this.events = api.resolve("/api/bookings/" + customer.bookingId() + "/events");
		this.customer = customer;
		this.answers = answers;
		this.resume = resume;
	}

	/**
	 * Resumes no more: a stream that ends from now on is finished without a final status.
	 */
	public void stop() {
		this.stopped = true;
		if (this.ends > 0) {
			this.finished.complete(null);
		}
	}

	/**
	 * Opens the stream; an open answered 429 or 503, or not answered, is sent again after its Retry-After (1 s when
	 * it has none, at most 5 s), at most {@value #OPEN_ATTEMPTS} times in all, as a shop's client would.
	 * @return completes when the stream is open (answered 200) or the last attempt was answered otherwise or failed
	 */
	public CompletableFuture<Void> open() {
		attempt(1);
		return this.opened;
	}

	private void attempt(int attempt) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.events)
			.timeout(OPEN_TIMEOUT)
			.header("Authorization", "Bearer " + this.customer.token())
			.header("Accept", "text/event-stream");
		String resumeFrom = this.lastEventId;
		if (resumeFrom != null) {
			request.header("Last-Event-ID", resumeFrom);
		}
		this.http.sendAsync(request.GET().build(), (info) -> {
			this.answers.count(info.statusCode());
			if (info.statusCode() != 200) {
				return HttpResponse.BodySubscribers.replacing(null);
			}
			this.opened.complete(null);
			return HttpResponse.BodySubscribers.fromLineSubscriber(this);
		}).whenComplete((response, failure) -> {
			if (failure == null && response.statusCode() == 200) {
				return;
			}
			if (failure != null) {
				this.answers.count(Answers.NO_ANSWER);
			}
			boolean retried = failure != null || response.statusCode() == 429 || response.statusCode() == 503;
			if (retried && attempt < OPEN_ATTEMPTS && !this.stopped) {
				long seconds = (failure != null) ? 1 : Bookers.retryAfter(response).toSeconds();
				CompletableFuture.delayedExecutor(seconds, TimeUnit.SECONDS).execute(() -> attempt(attempt + 1));
				return;
			}
			this.opened.complete(null);
			ended();
		});
	}

	/**
	 * @return completes with the final status when one arrived, with null when the stream ended without one and is
	 * not resumed
	 */
	public CompletableFuture<@Nullable String> finished() {
		return this.finished;
	}

	/**
	 * @return the last status event's status, or null before the first
	 */
	public @Nullable String status() {
		return this.status;
	}

	/**
	 * @return heartbeat comments received
	 */
	public int heartbeats() {
		return this.heartbeats;
	}

	/**
	 * @return status events received
	 */
	public int events() {
		return this.statusEvents;
	}

	/**
	 * @return times the stream ended (closed by the server, reset, refused, or answered other than 200)
	 */
	public int ends() {
		return this.ends;
	}

	/**
	 * @return true when the stream is open now: answered 200 and not ended since
	 */
	public boolean isOpen() {
		return this.opened.isDone() && !this.finished.isDone() && this.ends == 0;
	}

	@Override
	public void onSubscribe(Flow.Subscription subscription) {
		subscription.request(Long.MAX_VALUE);
	}

	@Override
	public void onNext(String line) {
		if (line.isEmpty()) {
			dispatch();
		}
		else if (line.startsWith(":")) {
			this.heartbeats++;
		}
		else if (line.startsWith("data:")) {
			this.data = value(line, "data:");
		}
		else if (line.startsWith("event:")) {
			this.eventName = value(line, "event:");
		}
		else if (line.startsWith("id:")) {
			this.id = value(line, "id:");
		}
	}

	@Override
	public void onError(Throwable throwable) {
		ended();
	}

	@Override
	public void onComplete() {
		ended();
	}

	private void dispatch() {
		if (this.id != null) {
			this.lastEventId = this.id;
		}
		if ("status".equals(this.eventName) && this.data != null) {
			this.statusEvents++;
			try {
				String now = JSON.readTree(this.data).path("status").asString(null);
				this.status = now;
				if (now != null && FINAL.contains(now)) {
					this.finished.complete(now);
				}
			}
			catch (JacksonException ex) {
				// not JSON: counted as an event, its status unknown
			}
		}
		this.eventName = null;
		this.data = null;
		this.id = null;
	}

	private void ended() {
		this.ends++;
		if (this.finished.isDone()) {
			return;
		}
		if (this.resume && !this.stopped) {
			CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS).execute(this::open);
		}
		else {
			this.finished.complete(null);
		}
	}

	private static String value(String line, String field) {
		String value = line.substring(field.length());
		return value.startsWith(" ") ? value.substring(1) : value;
	}

}
