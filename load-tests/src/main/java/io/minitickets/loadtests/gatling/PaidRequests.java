package io.minitickets.loadtests.gatling;

import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The requests of a paid sale beside booking and polling ({@link Requests}): checkout, the simulator's pay and
 * decline, cancellation, the waiting list, and the simulator's behaviour script. Every answer the API designs passes
 * the checks (a 409 for a hold that ended, a 404 for an entry that is gone); anything else fails the request.
 * <p>
 * Session attributes read: {@code eventId}, {@code token}, {@code bookingId}, {@code checkoutId},
 * {@code simulatorUrl}, {@code behaviour}. Set: {@code status}, {@code retryAfter}, {@code checkoutId} (a checkout's),
 * {@code position} (a join's), {@code entryState} and {@code offerBookingId} (the entry's).
 */
public final class PaidRequests {

	private PaidRequests() {
	}

	/**
	 * {@code POST /api/bookings/#{bookingId}/payment}: the checkout of a HELD booking (409 once it is not HELD, or
	 * not yet, with Retry-After).
	 * @return the request
	 */
	public static HttpRequestActionBuilder checkout() {
		return http("checkout").post("/api/bookings/#{bookingId}/payment")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(200, 201, 409, 429, 503).saveAs("status"),
					jsonPath("$.checkoutId").optional().saveAs("checkoutId"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

	/**
	 * {@code POST <simulator>/sim/checkout/sessions/#{checkoutId}/pay} or {@code /decline}: what a customer does on
	 * the checkout page (409 when the session is no longer open).
	 * @param pay true to pay, false to decline
	 * @return the request
	 */
	public static HttpRequestActionBuilder complete(boolean pay) {
		return http(pay ? "simulator: pay" : "simulator: decline")
			.post("#{simulatorUrl}/sim/checkout/sessions/#{checkoutId}/" + (pay ? "pay" : "decline"))
			.check(status().in(200, 409).saveAs("status"));
	}

	/**
	 * {@code POST /api/bookings/#{bookingId}/cancellation} (202; 409 once it ended or while PENDING).
	 * @return the request
	 */
	public static HttpRequestActionBuilder cancel() {
		return http("cancel").post("/api/bookings/#{bookingId}/cancellation")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(202, 409, 429, 503).saveAs("status"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

	/**
	 * {@code POST /api/events/#{eventId}/waitlist} for one seat (201 with the position; 409 while seats are left).
	 * @return the request
	 */
	public static HttpRequestActionBuilder joinWaitlist() {
		return http("waitlist: join").post("/api/events/#{eventId}/waitlist")
			.header("Authorization", "Bearer #{token}")
			.header("Content-Type", "application/json")
			.body(StringBody("{\"quantity\":1}"))
			.check(status().in(201, 409, 429, 503).saveAs("status"),
					jsonPath("$.position").ofInt().optional().saveAs("position"),
					header("Retry-After").optional().saveAs("retryAfter"));
	}

	/**
	 * {@code GET /api/events/#{eventId}/waitlist/me}: the caller's entry (404 once it is gone).
	 * @return the request
	 */
	public static HttpRequestActionBuilder waitlistEntry() {
		return http("waitlist: poll").get("/api/events/#{eventId}/waitlist/me")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(200, 404, 429, 503).saveAs("status"),
					jsonPath("$.state").optional().saveAs("entryState"),
					jsonPath("$.offerBookingId").optional().saveAs("offerBookingId"));
	}

	/**
	 * {@code DELETE /api/events/#{eventId}/waitlist/me}: leave the list (an offer made stays the caller's).
	 * @return the request
	 */
	public static HttpRequestActionBuilder leaveWaitlist() {
		return http("waitlist: leave").delete("/api/events/#{eventId}/waitlist/me")
			.header("Authorization", "Bearer #{token}")
			.check(status().in(204, 404, 429, 503).saveAs("status"));
	}

	/**
	 * {@code POST <simulator>/sim/behaviour} with {@code #{behaviour}} (JSON): how webhooks are delivered from now.
	 * @return the request
	 */
	public static HttpRequestActionBuilder behaviour() {
		return http("simulator: behaviour").post("#{simulatorUrl}/sim/behaviour")
			.header("Content-Type", "application/json")
			.body(StringBody("#{behaviour}"))
			.check(status().is(200));
	}

}
