package io.minitickets.loadtests.gatling;

import java.util.List;
import java.util.Map;

import io.gatling.javaapi.core.FeederBuilder;

import io.minitickets.loadtests.client.LoadUser;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;

/**
 * The feeders of the simulations: each record gives a virtual user {@code userId}, {@code token} and
 * {@code eventId}.
 */
public final class Feeders {

	private Feeders() {
	}

	/**
	 * @param users the users, in order
	 * @param eventId the event on sale
	 * @return a feeder that hands the users out in order, from the first again once all were used
	 */
	public static FeederBuilder<Object> users(List<LoadUser> users, long eventId) {
		return listFeeder(users.stream()
			.<Map<String, Object>>map((user) -> Map.of("userId", user.id(), "token", user.token(), "eventId", eventId))
			.toList()).circular();
	}

}
