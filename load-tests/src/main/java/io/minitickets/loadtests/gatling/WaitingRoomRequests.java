package io.minitickets.loadtests.gatling;

import java.time.Duration;

import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The requests of a waiting room beside booking ({@link Requests#bookAdmitted}): joining it and waiting on one's
 * place. The answers the API designs for a rush (200, 201, 409, 429, 503) pass the checks; anything else fails the
 * request.
 * <p>
 * Session attributes read: {@code eventId}, {@code token}, {@code placeId}. Set: {@code status}, {@code retryAfter},
 * {@code joinedPlaceId} and {@code joinedState} (a join's), {@code placeState}, {@code admittedUntil} and
 * {@code soldOut} (a place's), {@code admissionToken} (a join's or a place's: a place taken when no one is ahead may be
 * admitted before the join answers).
 */
public final class WaitingRoomRequests {

	private WaitingRoomRequests() {
	}

	/**
	 * {@code POST /api/events/#{eventId}/queue}: 201 with a new place, 200 with the caller's place when it has one;
	 * either may be admitted already (its admission token then comes with it).
	 * @param name the request's name in the report
	 * @return the request
	 */
	public static HttpRequestActionBuilder join(String name) {
		return http(name).post("/api/events/#{eventId}/queue")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(200, 201, 409, 429, 503).saveAs("status"),
					jsonPath("$.placeId").optional().saveAs("joinedPlaceId"),
					jsonPath("$.state").optional().saveAs("joinedState"),
					jsonPath("$.admissionToken").optional().saveAs("admissionToken"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

	/**
	 * {@code GET /api/events/#{eventId}/queue/#{placeId}} with {@code Prefer: wait=N}: answered once the place is
	 * admitted or dropped, when the event's sold-out state changes, or after {@code wait}.
	 * @param name the request's name in the report
	 * @param wait the longest wait asked for (whole seconds are sent)
	 * @return the request
	 */
	public static HttpRequestActionBuilder longPoll(String name, Duration wait) {
		return http(name).get("/api/events/#{eventId}/queue/#{placeId}")
			.header("Authorization", "Bearer #{token}")
			.header("Prefer", "wait=" + wait.toSeconds())
			.check(status().in(200, 429, 503).saveAs("status"),
					jsonPath("$.state").optional().saveAs("placeState"),
					jsonPath("$.admissionToken").optional().saveAs("admissionToken"),
					jsonPath("$.admittedUntil").optional().saveAs("admittedUntil"),
					jsonPath("$.soldOut").ofBoolean().optional().saveAs("soldOut"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

}
