package io.minitickets.api.booking;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An open {@code GET /api/bookings/{id}/events} stream as a test reads it: a thread of its own reads its lines into a
 * queue; every read waits at most 10 s for a line (heartbeats come every second in the tests).
 */
final class SseStream implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String END = "<end>";

	private final HttpResponse<InputStream> response;

	private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

	private SseStream(HttpResponse<InputStream> response) {
		this.response = response;
		Thread.ofVirtual().start(() -> {
			try (BufferedReader reader = new BufferedReader(
					new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
				String line;
				while ((line = reader.readLine()) != null) {
					this.lines.add(line);
				}
			}
			catch (IOException ex) {
				// closed by the test
			}
			this.lines.add(END);
		});
	}

	/**
	 * Opens a stream.
	 * @param http the client
	 * @param port api-service's port
	 * @param bookingId the booking
	 * @param token the caller's bearer token
	 * @param lastEventId a {@code Last-Event-ID} to send, or null
	 * @return the stream, its answer's headers read
	 * @throws Exception when the request fails
	 */
	static SseStream open(HttpClient http, int port, UUID bookingId, String token, @Nullable String lastEventId)
			throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/bookings/" + bookingId + "/events"))
			.header("Authorization", "Bearer " + token)
			.header("Accept", "text/event-stream");
		if (lastEventId != null) {
			request.header("Last-Event-ID", lastEventId);
		}
		return new SseStream(http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
	}

	HttpResponse<InputStream> response() {
		return this.response;
	}

	/**
	 * Waits for the next heartbeat comment, skipping events.
	 * @throws InterruptedException when interrupted
	 * @throws AssertionError when none comes within 10 s of the line before, or the stream ends
	 */
	void awaitComment() throws InterruptedException {
		String line;
		do {
			line = this.lines.poll(10, TimeUnit.SECONDS);
			assertThat(line).as("a heartbeat comment within 10 s").isNotNull().isNotEqualTo(END);
		}
		while (!line.startsWith(":"));
	}

	/**
	 * Reads what comes for {@code count} heartbeat comments, and checks no event came among them.
	 * @param count heartbeats to wait for
	 * @return the events read meanwhile
	 * @throws InterruptedException when interrupted
	 * @throws AssertionError as {@link #awaitComment()}
	 */
	List<Event> eventsDuringHeartbeats(int count) throws InterruptedException {
		List<Event> events = new ArrayList<>();
		String id = null;
		int comments = 0;
		while (comments < count) {
			String line = this.lines.poll(10, TimeUnit.SECONDS);
			assertThat(line).as("a heartbeat comment within 10 s").isNotNull().isNotEqualTo(END);
			if (line.startsWith(":")) {
				comments++;
			}
			if (line.startsWith("id:")) {
				id = line.substring(3).strip();
			}
			if (line.startsWith("data:")) {
				events.add(new Event(id, JSON.readTree(line.substring(5).strip())));
			}
		}
		return events;
	}

	/**
	 * @return the next event
	 * @throws InterruptedException when interrupted
	 * @throws AssertionError when the stream ends first, or 10 s pass without a line (heartbeats do not count as an
	 * event, so this waits as long as they come)
	 */
	Event nextEvent() throws InterruptedException {
		Event event = readEvent(Long.MAX_VALUE);
		assertThat(event).as("an event").isNotNull();
		return event;
	}

	/**
	 * @return every event until the server closes the stream
	 * @throws InterruptedException when interrupted
	 * @throws AssertionError when 10 s pass without a line, or the stream is still open after 30 s (heartbeats alone
	 * would keep it going until the server's stream timeout)
	 */
	List<Event> remainingEvents() throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		List<Event> events = new ArrayList<>();
		Event event;
		while ((event = readEvent(deadline)) != null) {
			events.add(event);
		}
		return events;
	}

	private @Nullable Event readEvent(long deadline) throws InterruptedException {
		String id = null;
		while (true) {
			assertThat(deadline == Long.MAX_VALUE || System.nanoTime() - deadline < 0)
				.as("the stream closed within 30 s").isTrue();
			String line = this.lines.poll(10, TimeUnit.SECONDS);
			assertThat(line).as("a line or the end within 10 s").isNotNull();
			if (line.equals(END)) {
				this.lines.add(END);
				return null;
			}
			if (line.startsWith("id:")) {
				id = line.substring(3).strip();
			}
			if (line.startsWith("data:")) {
				return new Event(id, JSON.readTree(line.substring(5).strip()));
			}
		}
	}

	@Override
	public void close() throws IOException {
		this.response.body().close();
	}

	/**
	 * One event as received.
	 *
	 * @param id its id
	 * @param data its data, parsed
	 */
	record Event(@Nullable String id, JsonNode data) {

		String status() {
			return this.data.get("status").asString();
		}

	}

}
