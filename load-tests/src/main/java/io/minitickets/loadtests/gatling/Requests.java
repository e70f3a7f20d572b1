package io.minitickets.loadtests.gatling;

import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.Set;

import io.gatling.http.action.sse.SseInboundMessage;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.sse;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The requests layer: the HTTP protocol and the two calls of a sale, booking and polling. Every answer the API
 * designs for a sale day (202, 409, 429, 503) passes the checks; anything else (a 5xx other than 503, a timeout, an
 * unexpected 4xx) fails the request, and Gatling's assertions fail the run.
 * <p>
 * Session attributes read: {@code eventId}, {@code token}, {@code idempotencyKey} (sent as the booking's
 * Idempotency-Key, so that a retry after a 503 cannot book twice). Session attributes set: {@code status} (the HTTP status), {@code bookingId} (a 202's), {@code problemType} (an
 * error's {@code type}), {@code retryAfter} (seconds, from the header), {@code bookingStatus} (a poll's).
 */
public final class Requests {

	private Requests() {
	}

	/**
	 * @param baseUrl api-service's base URL
	 * @return JSON in and out, connections shared between virtual users (thousands of users on one machine)
	 */
	public static HttpProtocolBuilder protocol(String baseUrl) {
		return http.baseUrl(baseUrl).acceptHeader("application/json").shareConnections();
	}

	/**
	 * {@code POST /api/events/#{eventId}/bookings} for one seat as {@code #{token}}'s user, with
	 * {@code #{idempotencyKey}} as its Idempotency-Key.
	 * @param name the request's name in the report
	 * @return the request
	 */
	public static HttpRequestActionBuilder book(String name) {
		return checked(booking(name), 202, 409, 429, 503);
	}

	/**
	 * {@link #book}, of an event with a waiting room: with {@code #{admissionToken}} in the {@code Admission-Token}
	 * header; a 403 (the admission refused) passes the checks, for the report to count.
	 * @param name the request's name in the report
	 * @return the request
	 */
	public static HttpRequestActionBuilder bookAdmitted(String name) {
		return checked(booking(name).header("Admission-Token", "#{admissionToken}"), 202, 403, 409, 429, 503);
	}

	private static HttpRequestActionBuilder booking(String name) {
		return http(name).post("/api/events/#{eventId}/bookings")
			.header("Authorization", "Bearer #{token}")
			.header("Content-Type", "application/json")
			.header("Idempotency-Key", "#{idempotencyKey}")
			.body(StringBody("{\"quantity\":1}"));
	}

	private static HttpRequestActionBuilder checked(HttpRequestActionBuilder booking, Integer... statuses) {
		return booking.check(status().in(statuses).saveAs("status"),
				jsonPath("$.bookingId").optional().saveAs("bookingId"),
				jsonPath("$.type").optional().saveAs("problemType"),
				header("Retry-After").optional().saveAs("retryAfter"));
	}

	/**
	 * {@code GET /api/bookings/#{bookingId}} as its owner.
	 * @param name the request's name in the report
	 * @return the request
	 */
	public static HttpRequestActionBuilder poll(String name) {
		return http(name).get("/api/bookings/#{bookingId}")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(200, 429, 503).saveAs("status"),
					jsonPath("$.status").optional().saveAs("bookingStatus"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

	/** The statuses after which a booking's stream is closed: nothing moves the booking on by itself. */
	static final Set<String> FINAL_STATUSES = Set.of("CONFIRMED", "REJECTED", "EXPIRED", "CANCELLED", "REFUNDED");

	/**
	 * The name of a user's status stream in the session (one at a time); not {@code status}, the attribute holding
	 * the HTTP status.
	 */
	static final String STREAM = "bookingStream";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * @param baseUrl api-service's base URL
	 * @return {@link #protocol}, keeping each stream's events until the user reads them ({@link #readStream})
	 */
	public static HttpProtocolBuilder streamingProtocol(String baseUrl) {
		return protocol(baseUrl).sseUnmatchedInboundMessageBufferSize(64);
	}

	/**
	 * Opens {@code GET /api/bookings/#{bookingId}/events} as its owner, a Server-Sent Events stream; its events are
	 * kept for {@link #readStream} (a booking already final when the stream opens gets its event and the end of the
	 * stream at once, before any check could be armed).
	 * @param name the request's name in the report
	 * @return the request
	 */
	public static ActionBuilder openStream(String name) {
		return sse(name).sseName(STREAM)
			.get("/api/bookings/#{bookingId}/events")
			.header("Authorization", "Bearer #{token}")
			.header("Accept", "text/event-stream");
	}

	/**
	 * Reads the events the stream received since the last read, in memory (no request): Gatling keeps each as
	 * {@code {"event":"status","id":"<rank>:<ahead>","data":<the booking>}}; the latest status is saved as
	 * {@code bookingStatus}, and {@code finalAt} (epoch milliseconds) when it is final.
	 * @return the action
	 */
	public static ActionBuilder readStream() {
		return sse.processUnmatchedMessages(STREAM, (messages, session) -> {
			Session read = session;
			for (SseInboundMessage message : messages) {
				JsonNode data = JSON.readTree(message.message()).path("data");
				String status = data.path("status").asString(null);
				if (status != null && !read.contains("finalAt")) {
					read = read.set("bookingStatus", status);
					if (FINAL_STATUSES.contains(status)) {
						read = read.set("finalAt", message.timestamp());
					}
				}
			}
			return read;
		});
	}

	/**
	 * Closes the user's status stream.
	 * @param name the request's name in the report
	 * @return the action
	 */
	public static ActionBuilder closeStream(String name) {
		return sse(name).sseName(STREAM).close();
	}

}
