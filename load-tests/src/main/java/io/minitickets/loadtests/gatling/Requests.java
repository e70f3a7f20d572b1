package io.minitickets.loadtests.gatling;

import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
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
		return http(name).post("/api/events/#{eventId}/bookings")
			.header("Authorization", "Bearer #{token}")
			.header("Content-Type", "application/json")
			.header("Idempotency-Key", "#{idempotencyKey}")
			.body(StringBody("{\"quantity\":1}"))
			.check(status().in(202, 409, 429, 503).saveAs("status"),
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

}
