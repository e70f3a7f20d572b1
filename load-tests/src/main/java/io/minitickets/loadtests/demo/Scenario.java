package io.minitickets.loadtests.demo;

/**
 * The sale-day scenario's size: an event with {@code seats} seats, {@code users} users and {@code requests}
 * concurrent 1-seat booking requests spread evenly over them.
 *
 * @param seats the event's capacity
 * @param users how many users book
 * @param requests how many booking requests are fired at once
 */
public record Scenario(int seats, int users, int requests) {

	public Scenario {
		if (seats < 1 || users < 1 || requests < 1) {
			throw new IllegalArgumentException("seats, users and requests must be at least 1");
		}
	}

}
