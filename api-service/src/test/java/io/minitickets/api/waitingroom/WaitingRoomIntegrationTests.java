package io.minitickets.api.waitingroom;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.security.AdmissionTokens;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18, slice 1, end to end on real Postgres, Valkey and Kafka: a waiting room joined once per account, refused with a problem and nothing changed when the event has
 * none, is closed or sold out, or before it opens; the pre-queue drawn once at the opening and later places in arrival
 * order; admission at the fixed rate with a token, which the booking route requires and checks before the limiter.
 * Slice 2: a place abandoned by its owner dropped at admission, its admission going to the next; admission paused and
 * the places told at once when the gate says sold out.
 */
class WaitingRoomIntegrationTests extends ApiIntegrationTest {

	@Autowired
	private ValkeyConnection valkey;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private io.minitickets.core.waitingroom.WaitingRoomQueue queue;

	@Autowired
	private io.micrometer.core.instrument.MeterRegistry meters;

	@Test
	void anAccountJoinsOnceAndOnlyItsOwnerSeesItsPlace() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		long owner = newUserId();

		HttpResponse<String> joined = join(eventId, owner);
		HttpResponse<String> again = join(eventId, owner);

		assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		String placeId = ApiClient.json(joined).get("placeId").asString();
		assertThat(joined.headers().firstValue("Location")).hasValue("/api/events/" + eventId + "/queue/" + placeId);
		assertThat(again.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(again).get("placeId").asString()).isEqualTo(placeId);
		HttpResponse<String> seen = this.api.get("/api/events/" + eventId + "/queue/" + placeId, mint(owner));
		assertThat(seen.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(seen).get("placeId").asString()).isEqualTo(placeId);
		HttpResponse<String> stranger = this.api.get("/api/events/" + eventId + "/queue/" + placeId,
				mint(newUserId()));
		assertThat(stranger.statusCode()).isEqualTo(404);
		assertProblem(stranger, "not-found");
		assertThat(this.api.get("/api/events/" + eventId + "/queue/nonsense", mint(owner)).statusCode())
			.isEqualTo(404);
		HttpResponse<String> longId = this.api.get("/api/events/" + eventId + "/queue/" + "a".repeat(5_000),
				mint(owner));
		assertThat(longId.statusCode()).isEqualTo(404);
		assertThat(ApiClient.json(longId).get("detail").asString()).as("the id echoed is capped")
			.contains("a".repeat(64) + "… ")
			.hasSizeLessThan(200);
		assertThat(this.api.post("/api/events/" + eventId + "/queue", "", null).statusCode()).isEqualTo(401);
		assertThat(places(eventId)).isEqualTo(1);
	}

	@Test
	void joinsTheRoomRefusesAreProblemsThatChangeNothing() {
		long noRoom = createOpenEvent(10);
		long closed = eventWithRoom(10, ClosedSale.OPENS_AT, null, 5);
		long soldOut = eventWithRoom(10, Instant.now().minusSeconds(60), null, 5);
		this.gate.load(soldOut, 0);
		Instant queueOpens = Instant.now().plusSeconds(3000).truncatedTo(ChronoUnit.MILLIS);
		long notYet = eventWithRoom(10, Instant.now().plusSeconds(3600), queueOpens, 5);

		HttpResponse<String> none = join(noRoom, newUserId());
		HttpResponse<String> afterTheSale = join(closed, newUserId());
		HttpResponse<String> nothingLeft = join(soldOut, newUserId());
		HttpResponse<String> early = join(notYet, newUserId());

		assertThat(none.statusCode()).isEqualTo(404);
		assertProblem(none, "not-found");
		assertThat(ApiClient.json(none).get("detail").asString()).contains("has no waiting room");
		assertThat(afterTheSale.statusCode()).isEqualTo(409);
		assertProblem(afterTheSale, "sale-not-open");
		assertThat(nothingLeft.statusCode()).isEqualTo(409);
		assertProblem(nothingLeft, "sold-out");
		assertThat(early.statusCode()).isEqualTo(409);
		assertProblem(early, "queue-not-open");
		assertThat(Instant.parse(ApiClient.json(early).get("queueOpensAt").asString())).isEqualTo(queueOpens);
		assertThat(early.headers().firstValue("Retry-After")).isPresent();
		for (long event : new long[] { noRoom, closed, soldOut, notYet }) {
			assertThat(places(event)).as("event %d", event).isZero();
		}
	}

	@Test
	void aCallerWhoHasAPlaceGetsItBackWhenItJoinsAgainAfterTheEventSoldOutOrItsSaleClosed() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 50);
		long owner = newUserId();
		String placeId = ApiClient.json(join(eventId, owner)).get("placeId").asString();
		HttpResponse<String> admitted = this.api.send("GET", "/api/events/" + eventId + "/queue/" + placeId, null,
				"Authorization", "Bearer " + mint(owner), "Prefer", "wait=20");
		assertThat(ApiClient.json(admitted).get("state").asString()).as(admitted.body()).isEqualTo("ADMITTED");
		this.gate.load(eventId, 0);

		HttpResponse<String> again = join(eventId, owner);
		HttpResponse<String> newcomer = join(eventId, newUserId());

		assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
		assertThat(ApiClient.json(again).get("placeId").asString()).isEqualTo(placeId);
		assertThat(ApiClient.json(again).get("state").asString()).isEqualTo("ADMITTED");
		assertThat(ApiClient.json(again).get("soldOut").asBoolean()).isTrue();
		assertThat(again.headers().firstValue("Location")).hasValue("/api/events/" + eventId + "/queue/" + placeId);
		assertThat(newcomer.statusCode()).as(newcomer.body()).isEqualTo(409);
		assertProblem(newcomer, "sold-out");

		this.gate.load(eventId, 5);
		this.jdbc.sql("update events set sale_opens_at = ? where id = ?")
			.params(java.sql.Timestamp.from(ClosedSale.OPENS_AT), eventId)
			.update();
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			HttpResponse<String> late = join(eventId, newUserId());
			assertThat(late.statusCode()).as(late.body()).isEqualTo(409);
			assertProblem(late, "sale-not-open");
		});
		HttpResponse<String> afterTheSale = join(eventId, owner);
		assertThat(afterTheSale.statusCode()).as(afterTheSale.body()).isEqualTo(200);
		assertThat(ApiClient.json(afterTheSale).get("placeId").asString()).isEqualTo(placeId);
	}

	@Test
	void joiningTakesNoBodyButAnEmptyObjectAndIgnoresAContentTypeWithoutOne() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		long user = newUserId();

		HttpResponse<String> withJson = this.api.post("/api/events/" + eventId + "/queue", "{\"quantity\":2}",
				mint(user));
		HttpResponse<String> withText = this.api.post("/api/events/" + eventId + "/queue", "hello", mint(user),
				"Content-Type", "text/plain");

		for (HttpResponse<String> refused : List.of(withJson, withText)) {
			assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
			assertProblem(refused, "invalid-request");
			assertThat(ApiClient.json(refused).get("detail").asString())
				.isEqualTo("POST /api/events/{eventId}/queue takes no request body: send none, or {}.");
		}
		assertThat(places(eventId)).as("nothing taken").isZero();
		HttpResponse<String> typedButEmpty = this.api.post("/api/events/" + eventId + "/queue", "", mint(user),
				"Content-Type", "text/plain");
		HttpResponse<String> emptyObject = this.api.post("/api/events/" + eventId + "/queue", " { }\n", mint(user));
		assertThat(typedButEmpty.statusCode()).as(typedButEmpty.body()).isEqualTo(201);
		assertThat(emptyObject.statusCode()).as(emptyObject.body()).isEqualTo(200);
	}

	@Test
	void placesTakenBeforeTheOpeningAreDrawnOnceThenLaterOnesFollowInArrivalOrderAndAreAdmitted() throws Exception {
		Instant saleOpens = Instant.now().plusSeconds(4).truncatedTo(ChronoUnit.MILLIS);
		long eventId = eventWithRoom(50, saleOpens, Instant.now().minusSeconds(60), 1);
		List<String> early = new ArrayList<>();
		List<Long> users = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			long user = newUserId();
			users.add(user);
			HttpResponse<String> joined = join(eventId, user);
			assertThat(ApiClient.json(joined).get("state").asString()).isEqualTo("PRE_QUEUE");
			assertThat(Instant.parse(ApiClient.json(joined).get("drawAt").asString())).isEqualTo(saleOpens);
			early.add(ApiClient.json(joined).get("placeId").asString());
		}
		while (Instant.now().isBefore(saleOpens.plusMillis(100))) {
			Thread.sleep(100);
		}
		List<String> late = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			late.add(ApiClient.json(join(eventId, newUserId())).get("placeId").asString());
		}
		String drawn = awaitDraw(eventId);

		List<String> order = admissionOrder(eventId);
		assertThat(drawn).matches("[0-9a-f]{64}");
		assertThat(order).hasSize(8);
		assertThat(order.subList(0, 5)).containsExactlyInAnyOrderElementsOf(early);
		assertThat(order.subList(5, 8)).containsExactlyElementsOf(late);

		// the first place in line is admitted (1 a second) and gets a token that books
		String first = order.get(0);
		long owner = users.get(early.indexOf(first));
		HttpResponse<String> admitted = this.api.send("GET", "/api/events/" + eventId + "/queue/" + first, null,
				"Authorization", "Bearer " + mint(owner), "Prefer", "wait=10");
		assertThat(admitted.statusCode()).isEqualTo(200);
		assertThat(admitted.headers().firstValue("Preference-Applied")).hasValue("wait=10");
		JsonNode place = ApiClient.json(admitted);
		assertThat(place.get("state").asString()).as(admitted.body()).isEqualTo("ADMITTED");
		String token = place.get("admissionToken").asString();
		HttpResponse<String> booked = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(owner), AdmissionTokens.HEADER, token);
		assertThat(booked.statusCode()).as(booked.body()).isEqualTo(202);
	}

	@Test
	void aBookingOfAWaitingRoomEventWithoutAValidAdmissionIsRefusedBeforeTheLimiterNamingWhy() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		long otherEvent = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		long user = newUserId();
		assertThat(join(eventId, user).statusCode()).isEqualTo(201);
		AdmissionTokens signer = new AdmissionTokens(SECRET, "minitickets", Clock.systemUTC());
		UUID place = UUID.randomUUID();
		Instant later = Instant.now().plusSeconds(300);

		assertAdmissionRefused(eventId, user, null, "missing");
		assertAdmissionRefused(eventId, user, new AdmissionTokens("some-other-secret-some-other-secret", "minitickets",
				Clock.systemUTC()).mint(user, eventId, place, later), "forged");
		assertAdmissionRefused(eventId, user, tokens.mint(user, "u@test.local", "USER").token(), "forged");
		assertAdmissionRefused(eventId, user, signer.mint(user, otherEvent, place, later), "other-event");
		assertAdmissionRefused(eventId, user, signer.mint(user + 1, eventId, place, later), "other-user");
		assertAdmissionRefused(eventId, user, new AdmissionTokens(SECRET, "minitickets",
				Clock.fixed(Instant.now().minusSeconds(600), java.time.ZoneOffset.UTC))
			.mint(user, eventId, place, Instant.now().minusSeconds(1)), "expired");

		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(bookings(eventId)).isZero();
		HttpResponse<String> admitted = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, signer.mint(user, eventId, place, later));
		assertThat(admitted.statusCode()).as(admitted.body()).isEqualTo(202);
		long withoutRoom = createOpenEvent(5);
		HttpResponse<String> stray = this.api.post("/api/events/" + withoutRoom + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, "garbage");
		assertThat(stray.statusCode()).as("an event without a room ignores an Admission-Token, also before it is "
				+ "cached: " + stray.body()).isEqualTo(202);
		HttpResponse<String> strayCached = this.api.post("/api/events/" + withoutRoom + "/bookings",
				"{\"quantity\":1}", mint(user), AdmissionTokens.HEADER, signer.mint(user, otherEvent, place, later));
		assertThat(strayCached.statusCode()).as("and once it is cached: " + strayCached.body()).isEqualTo(202);
	}

	@Test
	void aBookingWithTwoAdmissionTokensIsRefusedNamingTheHeaderAndChangesNothing() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		long user = newUserId();
		AdmissionTokens signer = new AdmissionTokens(SECRET, "minitickets", Clock.systemUTC());
		String token = signer.mint(user, eventId, UUID.randomUUID(), Instant.now().plusSeconds(300));

		HttpResponse<String> twice = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, token, AdmissionTokens.HEADER, token);

		assertThat(twice.statusCode()).as(twice.body()).isEqualTo(400);
		assertProblem(twice, "invalid-request");
		assertThat(ApiClient.json(twice).get("detail").asString())
			.isEqualTo("Send one 'Admission-Token' header, not 2.");
		assertThat(twice.headers().firstValue("RateLimit")).as("the limiter was not asked").isEmpty();
		assertThat(this.gate.available(eventId)).hasValue(10);
		assertThat(bookings(eventId)).isZero();
	}

	@Test
	void aPlaceItsOwnerStoppedPollingIsDroppedAndItsAdmissionGoesToTheNextPlace() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		this.queue.pause(eventId);
		long gone = newUserId();
		long next = newUserId();
		String gonePlace = ApiClient.json(join(eventId, gone)).get("placeId").asString();
		String nextPlace = ApiClient.json(join(eventId, next)).get("placeId").asString();
		// its owner was last seen two minutes ago: longer than abandon-after (60 s)
		this.valkey.sync().zadd(this.keys.waitingRoom(eventId).seen(), System.currentTimeMillis() - 120_000.0,
				gonePlace);
		double droppedBefore = droppedTotal();
		this.queue.resume(eventId);

		HttpResponse<String> admitted = this.api.send("GET", "/api/events/" + eventId + "/queue/" + nextPlace, null,
				"Authorization", "Bearer " + mint(next), "Prefer", "wait=10");

		assertThat(ApiClient.json(admitted).get("state").asString()).as(admitted.body()).isEqualTo("ADMITTED");
		HttpResponse<String> dropped = this.api.get("/api/events/" + eventId + "/queue/" + gonePlace, mint(gone));
		assertThat(dropped.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(dropped).get("state").asString()).as(dropped.body()).isEqualTo("DROPPED");
		assertThat(ApiClient.json(dropped).get("admitted").asBoolean()).isFalse();
		assertThat(ApiClient.json(dropped).has("admissionToken")).isFalse();
		assertThat(droppedTotal()).isEqualTo(droppedBefore + 1);
		HttpResponse<String> rejoined = join(eventId, gone);
		assertThat(rejoined.statusCode()).as("a dropped owner joins again, at the back").isEqualTo(201);
		assertThat(ApiClient.json(rejoined).get("placeId").asString()).isNotEqualTo(gonePlace);
	}

	@Test
	void whenTheGateSaysSoldOutAdmissionPausesAndThePlaceSaysSoWithTheWaitingListsLink() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 50);
		this.queue.pause(eventId);
		long user = newUserId();
		String place = ApiClient.json(join(eventId, user)).get("placeId").asString();
		this.gate.load(eventId, 0);
		this.queue.resume(eventId);

		HttpResponse<String> waited = this.api.send("GET", "/api/events/" + eventId + "/queue/" + place, null,
				"Authorization", "Bearer " + mint(user), "Prefer", "wait=3");

		JsonNode view = ApiClient.json(waited);
		assertThat(view.get("state").asString()).as(waited.body()).isEqualTo("WAITING");
		assertThat(view.get("soldOut").asBoolean()).isTrue();
		assertThat(view.get("waitlist").asString()).isEqualTo("/api/events/" + eventId + "/waitlist");
		assertThat(view.has("etaSeconds")).as("no ETA while nothing is admitted").isFalse();
		assertThat(this.queue.status(eventId).admitted()).isZero();

		this.gate.load(eventId, 4);
		HttpResponse<String> admitted = this.api.send("GET", "/api/events/" + eventId + "/queue/" + place, null,
				"Authorization", "Bearer " + mint(user), "Prefer", "wait=10");
		assertThat(ApiClient.json(admitted).get("state").asString()).as("seats came back: admission resumes")
			.isEqualTo("ADMITTED");
		assertThat(ApiClient.json(admitted).get("soldOut").asBoolean()).isFalse();
	}

	@Test
	void aPausedRoomsPlaceSaysSoWithoutAnEtaAndALongPollAnswersWhenItResumes() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		this.queue.pause(eventId);
		long user = newUserId();
		String place = ApiClient.json(join(eventId, user)).get("placeId").asString();

		JsonNode paused = ApiClient.json(this.api.get("/api/events/" + eventId + "/queue/" + place, mint(user)));

		assertThat(paused.get("state").asString()).as(paused.toString()).isEqualTo("WAITING");
		assertThat(paused.get("paused").asBoolean()).isTrue();
		assertThat(paused.get("position").asLong()).isEqualTo(1);
		assertThat(paused.has("etaSeconds")).as("no ETA while nothing is admitted").isFalse();
		this.queue.resume(eventId);
		HttpResponse<String> resumed = this.api.send("GET", "/api/events/" + eventId + "/queue/" + place, null,
				"Authorization", "Bearer " + mint(user), "Prefer", "wait=10");
		assertThat(ApiClient.json(resumed).get("paused").asBoolean()).as(resumed.body()).isFalse();
	}

	@Test
	void aPlacesStreamSendsItWaitingThenTheAdmissionWithItsTokenAndCloses() throws Exception {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		this.queue.pause(eventId);
		long user = newUserId();
		String place = ApiClient.json(join(eventId, user)).get("placeId").asString();
		String events = "/api/events/" + eventId + "/queue/" + place + "/events";
		double openBefore = this.meters.get("minitickets.waiting.room.streams").gauge().value();

		CompletableFuture<HttpResponse<String>> stream = CompletableFuture.supplyAsync(() -> this.api.send("GET",
				events, null, "Authorization", "Bearer " + mint(user), "Accept", "text/event-stream"));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.meters.get("minitickets.waiting.room.streams").gauge().value() > openBefore);
		this.queue.resume(eventId);
		HttpResponse<String> closed = stream.get(20, TimeUnit.SECONDS);

		assertThat(closed.statusCode()).isEqualTo(200);
		assertThat(closed.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("text/event-stream"));
		List<String> ids = closed.body().lines().filter((line) -> line.startsWith("id:")).toList();
		assertThat(ids).as(closed.body()).startsWith("id:WAITING:0:paused").endsWith("id:ADMITTED:-");
		String admitted = closed.body().lines().filter((line) -> line.startsWith("data:")).reduce((a, b) -> b)
			.orElseThrow();
		JsonNode view = tools.jackson.databind.json.JsonMapper.builder().build().readTree(admitted.substring(5));
		assertThat(view.get("state").asString()).isEqualTo("ADMITTED");
		HttpResponse<String> booked = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				mint(user), AdmissionTokens.HEADER, view.get("admissionToken").asString());
		assertThat(booked.statusCode()).as("the token the stream brought books: " + booked.body()).isEqualTo(202);

		HttpResponse<String> resumed = this.api.send("GET", events, null, "Authorization", "Bearer " + mint(user),
				"Accept", "text/event-stream", "Last-Event-ID", "ADMITTED:-");
		assertThat(resumed.body()).as("nothing new: closed at once").doesNotContain("data:");
		HttpResponse<String> stranger = this.api.send("GET", events, null, "Authorization",
				"Bearer " + mint(newUserId()), "Accept", "text/event-stream");
		assertThat(stranger.statusCode()).isEqualTo(404);
		assertProblem(stranger, "not-found");
	}

	@Test
	void aPlacesTicketOpensItsStreamWithoutAuthorizationAndNoOtherPlaces() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		this.queue.pause(eventId);
		long user = newUserId();
		String place = ApiClient.json(join(eventId, user)).get("placeId").asString();
		String other = ApiClient.json(join(eventId, newUserId())).get("placeId").asString();
		this.gate.load(eventId, 0);

		HttpResponse<String> minted = this.api.post("/api/events/" + eventId + "/queue/" + place + "/stream-ticket",
				null, mint(user));
		assertThat(minted.statusCode()).as(minted.body()).isEqualTo(200);
		String url = ApiClient.json(minted).get("url").asString();
		String ticket = ApiClient.json(minted).get("ticket").asString();
		HttpResponse<String> soldOut = this.api.send("GET", url, null, "Accept", "text/event-stream");
		HttpResponse<String> otherPlace = this.api.send("GET", "/api/events/" + eventId + "/queue/" + other
				+ "/events?ticket=" + ticket, null, "Accept", "text/event-stream");

		assertThat(soldOut.statusCode()).isEqualTo(200);
		assertThat(soldOut.body()).as("sold out is final for the stream").contains("id:WAITING:0:paused:sold-out")
			.contains("\"waitlist\":\"/api/events/" + eventId + "/waitlist\"");
		assertThat(otherPlace.statusCode()).isEqualTo(404);
		assertThat(this.api.post("/api/events/" + eventId + "/queue/" + place + "/stream-ticket", null,
				mint(newUserId())).statusCode()).isEqualTo(404);
	}

	@Test
	void aPlacesTicketSentTwiceIsABadRequestNamingIt() {
		long eventId = eventWithRoom(10, Instant.now().minusSeconds(60), null, 1);
		this.queue.pause(eventId);
		long user = newUserId();
		String place = ApiClient.json(join(eventId, user)).get("placeId").asString();
		HttpResponse<String> minted = this.api.post("/api/events/" + eventId + "/queue/" + place + "/stream-ticket",
				null, mint(user));
		String ticket = ApiClient.json(minted).get("ticket").asString();

		String events = "/api/events/" + eventId + "/queue/" + place + "/events?ticket=";

		// an invalid first ticket first: were the valid one read, its stream (paused) would stay open
		for (String tickets : List.of("not-a-ticket&ticket=" + ticket, ticket + "&ticket=" + ticket)) {
			HttpResponse<String> twice = this.api.send("GET", events + tickets, null, "Accept", "text/event-stream");
			assertThat(twice.statusCode()).as(twice.body()).isEqualTo(400);
			assertProblem(twice, "invalid-request");
			assertThat(ApiClient.json(twice).get("detail").asString()).isEqualTo("Send 'ticket' once, not 2 times.");
		}
	}

	private double droppedTotal() {
		io.micrometer.core.instrument.Counter counter = this.meters.find("minitickets.waiting.room.dropped").counter();
		return (counter != null) ? counter.count() : 0;
	}

	private void assertAdmissionRefused(long eventId, long user, String token, String reason) {
		HttpResponse<String> refused = (token != null)
				? this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", mint(user),
						AdmissionTokens.HEADER, token)
				: this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}", mint(user));
		assertThat(refused.statusCode()).as(reason + ": " + refused.body()).isEqualTo(403);
		assertProblem(refused, "admission-required");
		assertThat(ApiClient.json(refused).get("reason").asString()).isEqualTo(reason);
		assertThat(refused.headers().firstValue("RateLimit")).as("the limiter was not asked").isEmpty();
	}

	private String awaitDraw(long eventId) throws InterruptedException {
		Instant deadline = Instant.now().plusSeconds(20);
		while (Instant.now().isBefore(deadline)) {
			String drawn = this.valkey.sync().hget(this.keys.waitingRoom(eventId).meta(), "drawn");
			if (drawn != null) {
				return drawn;
			}
			Thread.sleep(100);
		}
		throw new AssertionError("no draw within 20 s");
	}

	/** Places admitted (earliest admission first, in line order), then those waiting in line order. */
	private List<String> admissionOrder(long eventId) {
		ValkeyKeys.WaitingRoomKeys room = this.keys.waitingRoom(eventId);
		List<String> order = new ArrayList<>();
		var admitted = this.valkey.sync().hgetall(room.admitted());
		admitted.entrySet()
			.stream()
			.sorted(java.util.Map.Entry.comparingByValue(java.util.Comparator.comparingLong(Long::parseLong)))
			.forEach((entry) -> order.add(entry.getKey()));
		order.addAll(this.valkey.sync().zrange(room.places(), 0, -1));
		return order;
	}

	private long eventWithRoom(int capacity, Instant saleOpensAt, Instant opensAt, int perSecond) {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":%d,"saleOpensAt":"%s","waitingRoom":{"enabled":true,%s"admission":{"mode":\
				"fixed","perSecond":%d}}}""".formatted(capacity, saleOpensAt,
				(opensAt != null) ? "\"opensAt\":\"" + opensAt + "\"," : "", perSecond), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.json(created).get("id").asLong();
	}

	private HttpResponse<String> join(long eventId, long userId) {
		return this.api.post("/api/events/" + eventId + "/queue", "", mint(userId));
	}

	private long places(long eventId) {
		return this.valkey.sync().hlen(this.keys.waitingRoom(eventId).owners());
	}

	private long bookings(long eventId) {
		return this.jdbc.sql("select count(*) from bookings where event_id = ?").param(eventId).query(Long.class)
			.single();
	}

	private static void assertProblem(HttpResponse<String> response, String type) {
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(contentType) -> assertThat(contentType).startsWith("application/problem+json"));
		assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/" + type);
	}

	private static long newUserId() {
		return Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
	}

}
