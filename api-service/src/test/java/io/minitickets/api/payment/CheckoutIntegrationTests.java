package io.minitickets.api.payment;

import java.net.http.HttpResponse;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.BookingStatusCache;
import io.minitickets.core.status.CachedBooking;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/bookings/{id}/payment}: a HELD booking's owner gets its checkout (201), the same one on every ask;
 * everyone else and every other status get a problem, and nothing is asked of the provider.
 */
class CheckoutIntegrationTests extends PaymentIntegrationTest {

	@Autowired
	private BookingStatusCache statusCache;

	@Test
	void aHeldBookingGetsItsCheckoutAndTheSameOneWhenAskedAgain() {
		long userId = newUserId();
		UUID bookingId = insertBooking(createPaidEvent(2500), userId, "HELD", 5000);

		HttpResponse<String> first = pay(bookingId, mint(userId));
		HttpResponse<String> again = pay(bookingId, mint(userId));

		assertThat(first.statusCode()).isEqualTo(201);
		JsonNode checkout = ApiClient.json(first);
		assertThat(checkout.get("checkoutId").asString()).startsWith("cs_test_");
		assertThat(checkout.get("checkoutUrl").asString()).contains(checkout.get("checkoutId").asString());
		assertThat(checkout.get("amount").asLong()).isEqualTo(5000);
		assertThat(checkout.get("currency").asString()).isEqualTo("EUR");
		assertThat(checkout.get("holdExpiresAt").asString()).isNotBlank();
		assertThat(again.statusCode()).isEqualTo(201);
		assertThat(ApiClient.json(again).get("checkoutId")).isEqualTo(checkout.get("checkoutId"));
		assertThat(STRIPE.idempotencyKeys()).filteredOn(bookingId.toString()::equals).hasSize(2);
	}

	@Test
	void theStatusShowsPendingCheckoutOnceTheCheckoutIsOpened() {
		long userId = newUserId();
		UUID bookingId = insertBooking(createPaidEvent(2500), userId, "HELD", 5000);
		assertThat(paymentState(bookingId, userId)).isEqualTo("NONE");
		STRIPE.down = true;
		try {
			assertThat(pay(bookingId, mint(userId)).statusCode()).isEqualTo(503);
		}
		finally {
			STRIPE.down = false;
		}
		assertThat(paymentState(bookingId, userId)).as("no checkout was opened").isEqualTo("NONE");

		assertThat(pay(bookingId, mint(userId)).statusCode()).isEqualTo(201);

		assertThat(paymentState(bookingId, userId)).isEqualTo("PENDING_CHECKOUT");
	}

	@Test
	void anotherUsersBookingIsNotFound() {
		UUID bookingId = insertBooking(createPaidEvent(2500), newUserId(), "HELD", 5000);

		HttpResponse<String> response = pay(bookingId, mint(newUserId()));

		assertThat(response.statusCode()).isEqualTo(404);
		assertProblem(response, "not-found");
		assertThat(STRIPE.idempotencyKeys()).doesNotContain(bookingId.toString());
	}

	@Test
	void aPendingBookingIsNotHeldYet() {
		long userId = newUserId();
		UUID bookingId = UUID.randomUUID();
		this.statusCache.put(new CachedBooking(bookingId, createPaidEvent(2500), userId, 2, BookingStatus.PENDING,
				null, null));

		HttpResponse<String> response = pay(bookingId, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(ApiClient.json(response).get("bookingStatus").asString()).isEqualTo("PENDING");
	}

	@Test
	void aPendingBookingOfAFreeEventIsToldItTakesNoPayment() {
		long userId = newUserId();
		UUID bookingId = UUID.randomUUID();
		long eventId = createOpenEvent(10);
		this.statusCache.put(new CachedBooking(bookingId, eventId, userId, 2, BookingStatus.PENDING, null, null));

		HttpResponse<String> response = pay(bookingId, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(response.headers().firstValue("Retry-After")).as("asking again will not help").isEmpty();
		assertThat(ApiClient.json(response).get("bookingStatus").asString()).isEqualTo("PENDING");
		assertThat(ApiClient.json(response).get("detail").asString()).isEqualTo("Booking " + bookingId
				+ " is of free event " + eventId + ": it takes no payment and becomes CONFIRMED without one.");
		assertThat(STRIPE.idempotencyKeys()).doesNotContain(bookingId.toString());
	}

	@Test
	void anExpiredBookingIsAConflictNamingItsStatus() {
		long userId = newUserId();
		UUID bookingId = insertBooking(createPaidEvent(2500), userId, "EXPIRED", 5000);

		HttpResponse<String> response = pay(bookingId, mint(userId));

		assertThat(response.statusCode()).isEqualTo(409);
		assertProblem(response, "conflict");
		assertThat(ApiClient.json(response).get("bookingStatus").asString()).isEqualTo("EXPIRED");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("EXPIRED");
		assertThat(STRIPE.idempotencyKeys()).doesNotContain(bookingId.toString());
	}

	@Test
	void theProviderDownIsServiceUnavailable() {
		long userId = newUserId();
		UUID bookingId = insertBooking(createPaidEvent(2500), userId, "HELD", 5000);
		STRIPE.down = true;
		HttpResponse<String> response;
		try {
			response = pay(bookingId, mint(userId));
		}
		finally {
			STRIPE.down = false;
		}

		assertThat(response.statusCode()).isEqualTo(503);
		assertProblem(response, "unavailable");
		assertThat(response.headers().firstValue("Retry-After")).hasValue("5");
	}

	private HttpResponse<String> pay(UUID bookingId, String token) {
		return this.api.post("/api/bookings/" + bookingId + "/payment", null, token);
	}

	private String paymentState(UUID bookingId, long userId) {
		HttpResponse<String> status = this.api.get("/api/bookings/" + bookingId, mint(userId));
		assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
		return ApiClient.json(status).get("payment").get("state").asString();
	}

}
