package io.minitickets.core.waitingroom;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.minitickets.core.testing.TestValkey;
import io.minitickets.core.valkey.ValkeyConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The waiting room's scripts on a real Valkey: one place per account, the pre-queue drawn once at the opening and
 * later places in arrival order after it, admission in order at most at the rate and never before the draw, and one
 * lease holder per event; places abandoned by their owners dropped at admission (their admission going to the next
 * place), admission paused while the gate says sold out or an operator paused it.
 */
class WaitingRoomQueueIntegrationTests {

	private static final AtomicLong EVENTS = new AtomicLong(System.nanoTime() % 1_000_000_000L);

	private static TestValkey valkey;

	private static ValkeyConnection connection;

	private static WaitingRoomQueue queue;

	@BeforeAll
	static void connect() {
		valkey = new TestValkey();
		connection = valkey.connect("waiting-room");
		queue = new WaitingRoomQueue(connection, valkey.keys());
	}

	@AfterAll
	static void close() {
		connection.close();
		valkey.close();
	}

	@Test
	void anAccountHasOnePlacePerEvent() {
		long eventId = EVENTS.incrementAndGet();
		JoinedPlace first = queue.join(eventId, 7, UUID.randomUUID(), true);
		JoinedPlace again = queue.join(eventId, 7, UUID.randomUUID(), true);
		JoinedPlace otherEvent = queue.join(eventId + 1_000_000_000L, 7, UUID.randomUUID(), true);

		assertThat(first.joinedNow()).isTrue();
		assertThat(again).isEqualTo(new JoinedPlace(first.placeId(), false));
		assertThat(otherEvent.placeId()).isNotEqualTo(first.placeId());
		assertThat(queue.place(eventId, first.placeId())).hasValueSatisfying((place) -> {
			assertThat(place.userId()).isEqualTo(7);
			assertThat(place.waiting()).isEqualTo(1);
		});
		assertThat(queue.place(eventId, UUID.randomUUID())).isEmpty();
	}

	@Test
	void readsOfPlacesOfEventsInTurnEachReadTheirOwnEvent() {
		long first = EVENTS.incrementAndGet();
		long second = EVENTS.incrementAndGet();
		UUID ahead = queue.join(first, 1, UUID.randomUUID(), true).placeId();
		UUID inFirst = queue.join(first, 2, UUID.randomUUID(), true).placeId();
		UUID inSecond = queue.join(second, 3, UUID.randomUUID(), true).placeId();
		String soldOut = valkey.keys().event(second).available();
		ValkeyConnection.await(connection.async().set(soldOut, "0"));

		for (int round = 0; round < 2; round++) {
			assertThat(queue.place(first, inFirst)).hasValueSatisfying((place) -> {
				assertThat(place.userId()).isEqualTo(2);
				assertThat(place.ahead()).isEqualTo(1);
				assertThat(place.waiting()).isEqualTo(2);
				assertThat(place.soldOut()).as("the first event's gate").isFalse();
			});
			assertThat(queue.place(second, inSecond)).hasValueSatisfying((place) -> {
				assertThat(place.userId()).isEqualTo(3);
				assertThat(place.ahead()).isZero();
				assertThat(place.waiting()).isEqualTo(1);
				assertThat(place.soldOut()).as("the second event's gate").isTrue();
			});
			assertThat(queue.place(second, inFirst)).as("a place of the first event is none of the second").isEmpty();
			assertThat(queue.place(first, ahead)).hasValueSatisfying((place) -> assertThat(place.userId()).isEqualTo(1));
		}
	}

	@Test
	void thePreQueueIsDrawnOnceAtTheOpeningAndLaterPlacesFollowInArrivalOrder() {
		long eventId = EVENTS.incrementAndGet();
		List<UUID> early = new ArrayList<>();
		for (long user = 1; user <= 6; user++) {
			early.add(queue.join(eventId, user, UUID.randomUUID(), false).placeId());
		}
		assertThat(queue.place(eventId, early.get(0)).orElseThrow().state()).isEqualTo(PlaceState.PRE_QUEUE);
		assertThat(queue.admit(eventId, 1_000, Duration.ofMinutes(5)).placeIds()).as("nothing before the draw")
			.isEmpty();

		Opening opening = queue.open(eventId);
		UUID late1 = queue.join(eventId, 101, UUID.randomUUID(), true).placeId();
		UUID late2 = queue.join(eventId, 102, UUID.randomUUID(), true).placeId();
		assertThat(opening).isEqualTo(new Opening(6, false));
		assertThat(queue.open(eventId)).isEqualTo(opening);
		assertThat(queue.place(eventId, late1).orElseThrow()).satisfies((place) -> {
			assertThat(place.state()).isEqualTo(PlaceState.WAITING);
			assertThat(place.ahead()).isEqualTo(6);
		});
		assertThat(queue.preQueue(eventId, opening)).containsExactlyElementsOf(early);
		assertThat(queue.admit(eventId, 1_000, Duration.ofMinutes(5)).placeIds()).as("nothing before the draw")
			.isEmpty();

		QueueDraw.Draw wrong = QueueDraw.draw(List.of(early.get(0), late1), new byte[32]);
		assertThat(queue.applyDraw(eventId, wrong)).isEqualTo(-1);
		QueueDraw.Draw draw = QueueDraw.draw(queue.preQueue(eventId, opening), QueueDraw.newSeed(new java.security.SecureRandom()));
		assertThat(queue.applyDraw(eventId, draw)).isEqualTo(1);
		assertThat(queue.applyDraw(eventId, QueueDraw.draw(early, new byte[32]))).as("once").isZero();
		assertThat(queue.open(eventId).drawn()).isTrue();

		for (int i = 0; i < draw.order().size(); i++) {
			assertThat(queue.place(eventId, draw.order().get(i)).orElseThrow().ahead()).isEqualTo(i);
		}
		AdmittedPlaces admitted = queue.admit(eventId, 1_000, Duration.ofMinutes(5));
		List<UUID> expected = new ArrayList<>(draw.order());
		expected.add(late1);
		expected.add(late2);
		assertThat(admitted.placeIds()).containsExactlyElementsOf(expected);
		assertThat(admitted.waiting()).isZero();
		assertThat(queue.place(eventId, late2).orElseThrow()).satisfies((place) -> {
			assertThat(place.state()).isEqualTo(PlaceState.ADMITTED);
			assertThat(place.admittedUntil()).isEqualTo(admitted.admittedUntil());
		});
	}

	@Test
	void withoutAPreQueueAdmissionStartsAtOnceAtMostAtTheRate() {
		long eventId = EVENTS.incrementAndGet();
		List<UUID> places = new ArrayList<>();
		for (long user = 1; user <= 12; user++) {
			places.add(queue.join(eventId, user, UUID.randomUUID(), true).placeId());
		}

		assertThat(queue.open(eventId)).isEqualTo(new Opening(0, true));
		long start = System.nanoTime();
		AdmittedPlaces first = queue.admit(eventId, 5, Duration.ofMinutes(5));
		AdmittedPlaces second = queue.admit(eventId, 5, Duration.ofMinutes(5));
		double elapsedSeconds = (System.nanoTime() - start) / 1e9;

		assertThat(first.placeIds()).containsExactlyElementsOf(places.subList(0, 5));
		assertThat(first.waiting()).isEqualTo(7);
		// credit accrues by Valkey's clock: a call right after admits what the time since allows, in order
		assertThat((double) second.placeIds().size()).isLessThanOrEqualTo(5 * elapsedSeconds + 1);
		assertThat(second.placeIds()).containsExactlyElementsOf(places.subList(5, 5 + second.placeIds().size()));
	}

	@Test
	void aPlaceNotSeenForTheAbandonTimeIsDroppedAtAdmissionAndItsAdmissionGoesToTheNext() throws InterruptedException {
		long eventId = EVENTS.incrementAndGet();
		UUID gone = queue.join(eventId, 1, UUID.randomUUID(), true).placeId();
		UUID polling = queue.join(eventId, 2, UUID.randomUUID(), true).placeId();
		UUID third = queue.join(eventId, 3, UUID.randomUUID(), true).placeId();
		queue.open(eventId);
		Thread.sleep(600);
		assertThat(queue.place(eventId, polling).orElseThrow().ahead()).as("polling refreshes it").isEqualTo(1);
		queue.place(eventId, third);

		AdmittedPlaces admitted = queue.admit(eventId, 1, Duration.ofMinutes(5), Duration.ofMillis(400));

		assertThat(admitted.placeIds()).containsExactly(polling);
		assertThat(admitted.dropped()).isEqualTo(1);
		assertThat(admitted.waiting()).isEqualTo(1);
		assertThat(queue.place(eventId, gone).orElseThrow().state()).isEqualTo(PlaceState.DROPPED);
		assertThat(queue.place(eventId, third).orElseThrow().ahead()).isZero();
		assertThat(queue.status(eventId)).isEqualTo(new RoomStatus(1, 1, 1, false, false));
		JoinedPlace rejoined = queue.join(eventId, 1, UUID.randomUUID(), true);
		assertThat(rejoined.joinedNow()).as("a dropped account may join again, at the back").isTrue();
		assertThat(queue.place(eventId, rejoined.placeId()).orElseThrow().ahead()).isEqualTo(1);
	}

	@Test
	void admissionPausesWhileTheGateSaysSoldOutAndThePlaceSaysSoAtOnce() {
		long eventId = EVENTS.incrementAndGet();
		UUID place = queue.join(eventId, 1, UUID.randomUUID(), true).placeId();
		queue.open(eventId);
		String avail = valkey.keys().event(eventId).available();
		ValkeyConnection.await(connection.async().set(avail, "0"));

		AdmittedPlaces none = queue.admit(eventId, 1_000, Duration.ofMinutes(5), Duration.ZERO);

		assertThat(none.placeIds()).isEmpty();
		assertThat(none.halted()).isEqualTo("sold-out");
		assertThat(queue.place(eventId, place).orElseThrow().soldOut()).isTrue();
		assertThat(queue.status(eventId).soldOut()).isTrue();

		ValkeyConnection.await(connection.async().set(avail, "2"));
		assertThat(queue.place(eventId, place).orElseThrow().soldOut()).isFalse();
		assertThat(queue.admit(eventId, 1_000, Duration.ofMinutes(5), Duration.ZERO).placeIds())
			.as("seats came back: admission resumes").containsExactly(place);
	}

	@Test
	void anOperatorsPauseStopsAdmissionUntilResumed() {
		long eventId = EVENTS.incrementAndGet();
		UUID place = queue.join(eventId, 1, UUID.randomUUID(), true).placeId();
		queue.open(eventId);

		assertThat(queue.pause(eventId)).isTrue();
		assertThat(queue.pause(eventId)).as("paused already").isFalse();
		AdmittedPlaces none = queue.admit(eventId, 1_000, Duration.ofMinutes(5), Duration.ZERO);
		assertThat(none.placeIds()).isEmpty();
		assertThat(none.halted()).isEqualTo("paused");
		assertThat(queue.status(eventId)).isEqualTo(new RoomStatus(1, 0, 0, true, false));
		assertThat(queue.place(eventId, place).orElseThrow().paused()).as("the place says so").isTrue();

		assertThat(queue.resume(eventId)).isTrue();
		assertThat(queue.resume(eventId)).isFalse();
		assertThat(queue.place(eventId, place).orElseThrow().paused()).isFalse();
		assertThat(queue.admit(eventId, 1_000, Duration.ofMinutes(5), Duration.ZERO).placeIds()).containsExactly(place);
	}

	@Test
	void oneInstanceHoldsAnEventsLease() {
		long eventId = EVENTS.incrementAndGet();

		assertThat(queue.holdLease(eventId, "a", Duration.ofSeconds(5))).isTrue();
		assertThat(queue.holdLease(eventId, "b", Duration.ofSeconds(5))).isFalse();
		assertThat(queue.holdLease(eventId, "a", Duration.ofSeconds(5))).as("renewed").isTrue();
	}

}
