package io.minitickets.api.waitingroom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which paths the place read's route claims, and how it reads their segments.
 */
class PlaceReadRouteTests {

	@Test
	void claimsOnlyOnePlaceOfOneEvent() {
		assertThat(PlaceReadRoute.PlacePath.of("/api/events/42/queue/p-1"))
			.isEqualTo(new PlaceReadRoute.PlacePath("42", "p-1"));
		assertThat(PlaceReadRoute.PlacePath.of("/api/events/abc/queue/x")).isEqualTo(new PlaceReadRoute.PlacePath("abc", "x"));
		assertThat(PlaceReadRoute.PlacePath.of("/api/events/%34%32/queue/%41")).isEqualTo(new PlaceReadRoute.PlacePath("42", "A"));
		for (String other : new String[] { "/api/events/42/queue", "/api/events/42/queue/", "/api/events//queue/x",
				"/api/events/42/queue/x/", "/api/events/42/queue/x/events", "/api/events/42/queue/x/stream-ticket",
				"/api/events/4/2/queue/x", "/api/events/42/Queue/x", "/api/events/42/bookings",
				"/api/events/42/queuex/x", "/api/events/queue/x", "/api/bookings/42/queue/x" }) {
			assertThat(PlaceReadRoute.PlacePath.of(other)).as(other).isNull();
		}
	}

	@Test
	void leavesSegmentsTheFirewallJudgesToTheChain() {
		for (String refused : new String[] { "/api/events/%2F42/queue/x", "/api/events/42/queue/%2Fx",
				"/api/events/42/queue/%25x", "/api/events/42/queue/..", "/api/events/42/queue/%2E%2E",
				"/api/events/42/queue/x;a=1", "/api/events/42;a=1/queue/x", "/api/events/42/queue/%zz",
				"/api/events/42/queue/x%0A", "/api/events/42/queue/a\\b" }) {
			assertThat(PlaceReadRoute.PlacePath.of(refused)).as(refused).isNull();
		}
	}

}
