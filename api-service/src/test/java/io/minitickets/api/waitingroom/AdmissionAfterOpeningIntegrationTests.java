package io.minitickets.api.waitingroom;

import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.security.AdmissionTokens;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18, on real Postgres, Valkey and Kafka: a sale opened with {@code ops events open} (its {@code sale_opens_at}
 * set to now in Postgres) is seen by the booking route within its event cache's TTL (10 s here, so the window is wide
 * enough to hit every time); the waiting room admits only once that cached view shows the sale open, so an admitted
 * customer's booking is never refused as {@code sale-not-open}.
 */
@TestPropertySource(properties = "minitickets.events.cache-ttl=10s")
class AdmissionAfterOpeningIntegrationTests extends ApiIntegrationTest {

	@Test
	void aRoomAdmitsOnlyOnceTheBookingRoutesCachedEventShowsTheSaleOpen() {
		Instant later = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Opened by ops","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"opensAt":"%s",\
				"admission":{"mode":"fixed","perSecond":50}}}""".formatted(later, Instant.now().minusSeconds(60)),
				adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		long eventId = ApiClient.json(created).get("id").asLong();
		long user = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
		HttpResponse<String> joined = this.api.post("/api/events/" + eventId + "/queue", "", mint(user));
		assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		String placeId = ApiClient.json(joined).get("placeId").asString();
		String validAdmission = new AdmissionTokens(SECRET, "minitickets", Clock.systemUTC()).mint(user, eventId,
				UUID.randomUUID(), Instant.now().plusSeconds(300));
		HttpResponse<String> early = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, validAdmission);
		assertThat(early.statusCode()).as("the route now caches the event as not open yet: " + early.body())
			.isEqualTo(409);

		this.jdbc.sql("update events set sale_opens_at = ? where id = ?")
			.params(Timestamp.from(Instant.now()), eventId)
			.update();
		AtomicReference<JsonNode> place = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(100)).until(() -> {
			HttpResponse<String> read = this.api.send("GET", "/api/events/" + eventId + "/queue/" + placeId, null,
					"Authorization", "Bearer " + mint(user));
			place.set(ApiClient.json(read));
			return "ADMITTED".equals(place.get().get("state").asString());
		});
		HttpResponse<String> booked = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, place.get().get("admissionToken").asString());

		assertThat(booked.statusCode()).as("booked at once after the admission: " + booked.body()).isEqualTo(202);
	}

}
