package io.minitickets.api.waitingroom;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventRepository;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, slice 3, on real Postgres, Valkey and Kafka: a waiting room in {@code auto} admission is accepted by the
 * admin API (with an optional ceiling), admits at the rate the pipeline's measurement gives, and admits no one while
 * the booking route sheds requests (the shed counter rising), until the hold after the last shed has passed.
 */
class AutoAdmissionIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private EventRepository events;

	@Autowired
	private AdmissionScheduler scheduler;

	@Autowired
	private WaitingRoomQueue queue;

	@Test
	void theAdminApiTakesAutoAdmissionWithAnOptionalCeiling() {
		long withCeiling = autoRoom(10, "\"perSecond\":40");
		long without = autoRoom(10, "");

		JsonNode shown = ApiClient.json(this.api.get("/api/events/" + withCeiling, null)).get("waitingRoom");
		assertThat(shown.get("admission").get("mode").asString()).isEqualTo("auto");
		assertThat(shown.get("admission").get("perSecond").asInt()).isEqualTo(40);
		JsonNode plain = ApiClient.json(this.api.get("/api/events/" + without, null)).get("waitingRoom");
		assertThat(plain.get("admission").get("mode").asString()).isEqualTo("auto");
		assertThat(plain.get("admission").path("perSecond").isMissingNode() || plain.get("admission").get("perSecond").isNull())
			.as("no ceiling").isTrue();
		HttpResponse<String> tooFast = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"admission":{"mode":\
				"auto","perSecond":0}}}""".formatted(Instant.now().minusSeconds(60)), adminToken());
		assertThat(tooFast.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(tooFast).get("detail").asString())
			.contains("'waitingRoom.admission.perSecond' must be 1 to 100000");
	}

	@Test
	void autoAdmitsAtTheMeasuredRateAndNoOneWhileRequestsAreShed() {
		long eventId = autoRoom(10, "");
		long first = newUserId();
		String firstPlace = placeId(join(eventId, first));

		JsonNode admitted = longPoll(eventId, firstPlace, first, 10);
		assertThat(admitted.get("state").asString()).as(admitted.toString()).isEqualTo("ADMITTED");
		assertThat(admitted.get("admissionToken").asString()).isNotBlank();
		assertThat(this.meters.get("minitickets.waiting.room.auto.rate").gauge().value()).isPositive();

		// a booking request shed on this instance: the room holds its admissions for the hold (5 s)
		this.meters.counter("minitickets.bookings.shed").increment();
		long second = newUserId();
		String secondPlace = placeId(join(eventId, second));
		JsonNode held = longPoll(eventId, secondPlace, second, 3);
		assertThat(held.get("state").asString()).as("held while requests are shed").isEqualTo("WAITING");
		assertThat(this.meters.get("minitickets.waiting.room.auto.rate").gauge().value()).isZero();

		JsonNode later = longPoll(eventId, secondPlace, second, 10);
		assertThat(later.get("state").asString()).as("admitted once the hold passed").isEqualTo("ADMITTED");
	}

	@Test
	void onlyAutoRoomsWithPlacesWaitingShareTheAutoRate() {
		// places taken before the opening: the admission thread leaves them waiting until the sale opens
		Instant opening = Instant.now().plusSeconds(3600);
		long rush = autoRoomOpening(opening);
		long finished = autoRoom(10, "");
		long fixed = fixedRoom();
		join(rush, newUserId());
		join(rush, newUserId());
		join(fixed, newUserId());
		List<Event> rooms = this.events.openWaitingRooms(opening)
			.stream()
			.filter((event) -> List.of(rush, finished, fixed).contains(event.id()))
			.toList();
		assertThat(rooms).hasSize(3);

		assertThat(this.scheduler.sharingAutoRate(rooms)).as("the rush's room alone: not the one nobody waits in")
			.isEqualTo(1);
	}

	@Test
	void aPausedRoomWithPlacesWaitingTakesNoShareOfTheAutoRate() {
		Instant opening = Instant.now().plusSeconds(3600);
		long admitting = autoRoomOpening(opening);
		long paused = autoRoomOpening(opening);
		join(admitting, newUserId());
		join(paused, newUserId());
		assertThat(this.queue.pause(paused)).isTrue();
		List<Event> rooms = this.events.openWaitingRooms(opening)
			.stream()
			.filter((event) -> List.of(admitting, paused).contains(event.id()))
			.toList();
		assertThat(rooms).hasSize(2);

		assertThat(this.scheduler.sharingAutoRate(rooms)).as("the room admitting alone: the paused one admits no one")
			.isEqualTo(1);
	}

	private JsonNode longPoll(long eventId, String placeId, long userId, int seconds) {
		HttpResponse<String> read = this.api.send("GET", "/api/events/" + eventId + "/queue/" + placeId, null,
				"Authorization", "Bearer " + mint(userId), "Prefer", "wait=" + seconds);
		assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
		return ApiClient.json(read);
	}

	private long autoRoom(int capacity, String ceiling) {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":%d,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"admission":{"mode":\
				"auto"%s}}}""".formatted(capacity, Instant.now().minusSeconds(60),
				ceiling.isEmpty() ? "" : "," + ceiling), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	/** An {@code auto} room taking places from a minute ago whose sale opens at {@code saleOpensAt}. */
	private long autoRoomOpening(Instant saleOpensAt) {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"opensAt":"%s",\
				"admission":{"mode":"auto"}}}""".formatted(saleOpensAt, Instant.now().minusSeconds(60)), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	private long fixedRoom() {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"admission":{"mode":\
				"fixed","perSecond":1}}}""".formatted(Instant.now().minusSeconds(60)), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	private HttpResponse<String> join(long eventId, long userId) {
		HttpResponse<String> joined = this.api.post("/api/events/" + eventId + "/queue", "", mint(userId));
		assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		return joined;
	}

	private static String placeId(HttpResponse<String> joined) {
		return ApiClient.json(joined).get("placeId").asString();
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
