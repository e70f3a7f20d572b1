package io.minitickets.api.booking;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ScratchValkeyIntegrationTest;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 8, the hot path: with the limiter and the gate on one Valkey node, a booking of an event in the event cache
 * takes the user's token and RESERVEs in one script call, and answers as the two calls did: 429 reserves nothing, and
 * a Valkey that refuses the call fails closed (503), not open; a RESERVE that fails inside the call fails open, as
 * the gate alone does (issue 19, item 2), and a call that times out after Valkey ran it gives its lease back (item 3).
 * With an Idempotency-Key the key's claim is taken in the same call (item 4).
 * Counted on a private server ({@code INFO commandstats}).
 */
class OneValkeyCallIntegrationTests extends ScratchValkeyIntegrationTest {

	private static final AtomicLong USERS = new AtomicLong(1_000);

	@Autowired
	private ValkeyConnection connection;

	@Autowired
	private ValkeyKeys keys;

	@Autowired
	private MeterRegistry meters;

	@Test
	void aSoldOutRequestForACachedEventIsOneScriptCall() {
		long eventId = openEvent(1);
		assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
		// the first call of the script on this server loads it (NOSCRIPT, then EVAL)
		assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(409);
		long before = valkey.calls("evalsha") + valkey.calls("eval");

		for (int i = 0; i < 5; i++) {
			assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(409);
		}

		assertThat(valkey.calls("evalsha") + valkey.calls("eval") - before).isEqualTo(5);
	}

	@Test
	void aKeyedSoldOutRequestForACachedEventIsOneScriptCallAndItsRepeatGetsTheSameAnswer() {
		long eventId = openEvent(1);
		assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
		// the first call of the script on this server loads it (NOSCRIPT, then EVAL)
		assertThat(book(eventId, USERS.getAndIncrement(), "Idempotency-Key", "loads").statusCode()).isEqualTo(409);
		long user = USERS.getAndIncrement();
		long before = valkey.calls("evalsha") + valkey.calls("eval");

		for (int i = 0; i < 5; i++) {
			assertThat(book(eventId, user + 1_000_000 * i, "Idempotency-Key", "sold-out").statusCode()).isEqualTo(409);
		}

		assertThat(valkey.calls("evalsha") + valkey.calls("eval") - before).as("the token, the key and RESERVE")
			.isEqualTo(5);
		HttpResponse<String> repeat = book(eventId, user, "Idempotency-Key", "sold-out");
		assertThat(repeat.statusCode()).isEqualTo(409);
		BookingApiIntegrationTests.assertProblem(repeat, "sold-out");
	}

	@Test
	void anEmptyBucketIsRefusedWithoutReservingAnything() {
		long eventId = openEvent(100);
		long user = USERS.getAndIncrement();
		// the bucket holds 10 and refills one a second: on a slow machine a token may come back while it is drained,
		// so book until the first refusal (the bucket cannot keep up with back-to-back requests for long)
		int accepted = 0;
		HttpResponse<String> refused = book(eventId, user);
		while (refused.statusCode() == 202 && accepted < 40) {
			accepted++;
			refused = book(eventId, user);
		}

		assertThat(accepted).isGreaterThanOrEqualTo(10);
		assertThat(refused.statusCode()).isEqualTo(429);
		assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(this.gate.available(eventId)).as("the refused request reserved nothing").hasValue(100 - accepted);
	}

	@Test
	void failsClosedWhenValkeyRefusesTheTokenOfACachedEvent() {
		long eventId = openEvent(3);
		assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
		// the gate's and the status cache's keys still work: only the bucket's refusal can make this a 503
		valkey.setDefaultUser("resetkeys", "~*bk:*", "~*inv:*");

		HttpResponse<String> response = book(eventId, USERS.getAndIncrement());

		assertThat(response.statusCode()).isEqualTo(503);
		BookingApiIntegrationTests.assertProblem(response, "unavailable");
		assertThat(ApiClient.json(response).get("detail").asString()).contains("rate limiter");
		valkey.setDefaultUser("allkeys");
		assertThat(this.gate.available(eventId)).as("nothing was taken").hasValue(2);
	}

	@Test
	void aReserveThatFailsInsideTheCallSendsTheBookingUngatedForEveryUser() {
		long eventId = openEvent(3);
		assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
		this.connection.sync().set(this.keys.event(eventId).available(), "abc");
		double ungated = count("minitickets.bookings", "outcome", "accepted-ungated");
		double failed = count("minitickets.gate.skipped", "cause", "script-error");
		long user = USERS.getAndIncrement();

		for (long booker : new long[] { user, user, USERS.getAndIncrement() }) {
			assertThat(book(eventId, booker).statusCode()).isEqualTo(202);
		}

		assertThat(count("minitickets.bookings", "outcome", "accepted-ungated") - ungated).isEqualTo(3);
		assertThat(count("minitickets.gate.skipped", "cause", "script-error") - failed).isEqualTo(3);
	}

	@Test
	void aCallThatTimesOutAfterValkeyRanItGivesItsLeaseBack() {
		HttpResponse<String> timedOut = null;
		long eventId = 0;
		// the server sleeps longer than the tests' command timeout (5 s), and must still sleep when the booking's call
		// reaches it: on a slow machine, try again
		for (int attempt = 0; attempt < 3 && timedOut == null; attempt++) {
			eventId = openEvent(3);
			// the first booking reads the event into the cache, the second one loads the script on the server
			assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
			assertThat(book(eventId, USERS.getAndIncrement()).statusCode()).isEqualTo(202);
			valkey.sleep(8);
			HttpResponse<String> response = book(eventId, USERS.getAndIncrement());
			valkey.awaitAwake();
			timedOut = (response.statusCode() == 503) ? response : null;
		}
		assertThat(timedOut).as("a booking answered while Valkey slept").isNotNull();
		long event = eventId;

		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(this.gate.snapshot(event).leases()).as("the first two bookings' only")
				.hasSize(2));
		assertThat(this.gate.available(event)).hasValue(1);
	}

	private double count(String name, String tag, String value) {
		Counter counter = this.meters.find(name).tag(tag, value).counter();
		return (counter != null) ? counter.count() : 0;
	}

}
