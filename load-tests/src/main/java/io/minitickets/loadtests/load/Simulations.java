package io.minitickets.loadtests.load;

import java.time.Duration;
import java.util.Arrays;

import io.gatling.javaapi.core.Simulation;

import io.minitickets.loadtests.simulations.PaidSale;
import io.minitickets.loadtests.simulations.PollStorm;
import io.minitickets.loadtests.simulations.SaleDay;
import io.minitickets.loadtests.simulations.Scalper;
import io.minitickets.loadtests.simulations.SoldOutStampede;
import io.minitickets.loadtests.simulations.StreamingSale;
import io.minitickets.loadtests.simulations.WaitingRoomRush;

/**
 * The simulations {@code ./minitickets load} runs, with their default size and the event each needs.
 */
enum Simulations {

	/** An open-model spike of users who book and follow their booking. */
	SALE_DAY(SaleDay.class, 1_000, 50, Duration.ofSeconds(30)),

	/** One scalper account with 20 threads against 5 shoppers. */
	SCALPER(Scalper.class, 1 + Scalper.SHOPPERS, 0, Duration.ofSeconds(10)),

	/** Every request after the event sold out. */
	SOLD_OUT_STAMPEDE(SoldOutStampede.class, 500, 100, Duration.ofSeconds(10)),

	/** Thousands of clients polling their PENDING bookings. */
	POLL_STORM(PollStorm.class, 2_000, 100, Duration.ofSeconds(20)),

	/** Poll storm's customers waiting on the status stream (SSE) instead of polling. */
	STREAMING_SALE(StreamingSale.class, 2_000, 100, Duration.ofSeconds(20)),

	/** A paid event's sale: holds paid, expired and cancelled, the sold out on the waiting list. */
	PAID_SALE(PaidSale.class, 10_000, 200, Duration.ofSeconds(50)),

	/** Customers joining an event's waiting room before and after the opening, booking once admitted. */
	WAITING_ROOM_RUSH(WaitingRoomRush.class, 300, 15, Duration.ofSeconds(20));

	/** The seats of the event a stampede finds sold out. */
	static final int STAMPEDE_SEATS = 10;

	private final Class<? extends Simulation> type;

	private final int users;

	private final double rate;

	private final Duration duration;

	Simulations(Class<? extends Simulation> type, int users, double rate, Duration duration) {
		this.type = type;
		this.users = users;
		this.rate = rate;
		this.duration = duration;
	}

	/**
	 * @param name a simulation's class name, for example {@code Scalper} (case-insensitive)
	 * @return the simulation
	 * @throws IllegalArgumentException naming the known ones
	 */
	static Simulations named(String name) {
		return Arrays.stream(values())
			.filter((simulation) -> simulation.type.getSimpleName().equalsIgnoreCase(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Unknown simulation '" + name + "'; known: "
					+ String.join(", ", Arrays.stream(values()).map(Simulations::label).toList())));
	}

	/**
	 * @return the simulation class's simple name, as the command line takes it
	 */
	String label() {
		return this.type.getSimpleName();
	}

	Class<? extends Simulation> type() {
		return this.type;
	}

	/**
	 * @return users created for a run unless {@code --users} says otherwise
	 */
	int defaultUsers() {
		return this.users;
	}

	/**
	 * @return the peak arrival rate (users/s) unless {@code --rate} says otherwise; 0 where the simulation has none
	 */
	double defaultRate() {
		return this.rate;
	}

	/**
	 * @return the injection's length unless {@code --duration} says otherwise
	 */
	Duration defaultDuration() {
		return this.duration;
	}

	/**
	 * @param rate peak users per second
	 * @param duration the injection's length
	 * @return the seats of the run's event: half the arrivals of a sale day (it sells out during the spike), 1,000
	 * for the scalper, {@value #STAMPEDE_SEATS} sold out before a stampede, one per arrival of a poll storm, one per
	 * ten arrivals of a paid sale, one per arrival of a streaming sale or a waiting-room rush
	 */
	int seats(double rate, Duration duration) {
		double seconds = duration.toMillis() / 1000.0;
		return switch (this) {
			case SALE_DAY -> (int) Math.max(1, rate * seconds * 2 / 3 / 2);
			case SCALPER -> Scalper.SEATS;
			case SOLD_OUT_STAMPEDE -> STAMPEDE_SEATS;
			case POLL_STORM, STREAMING_SALE, WAITING_ROOM_RUSH -> (int) Math.max(1, Math.ceil(rate * seconds));
			case PAID_SALE -> PaidSale.seats(rate, duration.toSeconds());
		};
	}

}
