package io.minitickets.loadtests.load;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.gatling.TimeToFinal;
import io.minitickets.loadtests.load.paid.PaidSaleFigures;
import io.minitickets.loadtests.load.waitingroom.WaitingRoomFigures;
import io.minitickets.loadtests.verify.VerifierFigures;

/**
 * The result of {@code ./minitickets load}, as its table shows it and {@code --json} writes it.
 *
 * @param simulation the simulation's name, for example {@code Scalper}
 * @param baseUrl the api-service it ran against
 * @param eventId the run's event
 * @param seats the event's seats
 * @param users users created for the run
 * @param rate the peak arrival rate, users per second (0 where the simulation has none)
 * @param durationSeconds the injection's length, in seconds
 * @param answers per role ({@code user}, {@code scalper}, {@code shopper}), how many requests were tried and how
 * each was answered ({@code 202}, {@code 409 sold out}, {@code 429}, {@code 503}, {@code polled CONFIRMED}...)
 * @param verifier the verifier's figures
 * @param seatsLeft seats of the event not confirmed after the run
 * @param shoppers Scalper only (else null): the shoppers' bookings tried and confirmed in Postgres
 * @param scalper Scalper only (else null): the scalper's bookings tried and confirmed in Postgres
 * @param gatlingStatus Gatling's exit code (0: the run ended and its assertions held)
 * @param report the HTML report's {@code index.html}, null when none was written
 * @param failures every breach and failed expectation, empty when the run passed
 * @param payments PaidSale only (else null): payments succeeded, declined, refunded, duplicate webhooks
 * @param holds PaidSale only (else null): holds created, expired, paid
 * @param waitlist PaidSale only (else null): entries joined, offers made, offers taken
 * @param timeToFinal StreamingSale only (else null): from a booking's first request to its final status received
 * over the stream, milliseconds (null too when no final status was received)
 * @param waitingRoom WaitingRoomRush only (else null): the waiting room as its customers saw it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadReport(String simulation, String baseUrl, long eventId, int seats, int users, double rate,
		long durationSeconds, Map<String, Map<String, Long>> answers, VerifierFigures verifier, long seatsLeft,
		@Nullable Tally shoppers, @Nullable Tally scalper, int gatlingStatus, @Nullable String report,
		List<String> failures, PaidSaleFigures.@Nullable Payments payments, PaidSaleFigures.@Nullable Holds holds,
		PaidSaleFigures.@Nullable Waitlist waitlist, @Nullable TimeToFinal timeToFinal,
		@Nullable WaitingRoomFigures waitingRoom) {

	/**
	 * @return true when the verifier found no breach, the simulation's expectations held, and Gatling's assertions
	 * passed
	 */
	public boolean passed() {
		return this.failures.isEmpty();
	}

	/**
	 * @return the table a person reads after Gatling's own summary
	 */
	public String table() {
		StringBuilder table = new StringBuilder();
		table.append(String.format("%s against %s: event %d with %,d seats, %,d users, %s for %d s%n",
				this.simulation, this.baseUrl, this.eventId, this.seats, this.users,
				(this.rate > 0) ? String.format("peak %.0f users/s", this.rate) : "closed model",
				this.durationSeconds));
		this.answers.forEach((role, outcomes) -> {
			table.append(String.format("  %-8s", role));
			outcomes.forEach((outcome, count) -> table.append(String.format("  %s %,d", outcome, count)));
			table.append('\n');
		});
		table.append(this.verifier.table());
		if (this.payments != null && this.holds != null && this.waitlist != null) {
			table.append(new PaidSaleFigures(this.payments, this.holds, this.waitlist).table());
		}
		if (this.timeToFinal != null) {
			table.append(String.format("  time to final (ms) p50 / p90 / p99 / max %,d / %,d / %,d / %,d of %,d%n",
					this.timeToFinal.p50Ms(), this.timeToFinal.p90Ms(), this.timeToFinal.p99Ms(),
					this.timeToFinal.maxMs(), this.timeToFinal.count()));
		}
		if (this.waitingRoom != null) {
			table.append(this.waitingRoom.table());
		}
		table.append(String.format("  seats left                             %,10d%n", this.seatsLeft));
		if (this.shoppers != null && this.scalper != null) {
			table.append(String.format("  shoppers confirmed / tried     %,6d / %,d%n", this.shoppers.confirmed(),
					this.shoppers.tried()));
			table.append(String.format("  scalper confirmed / tried      %,6d / %,d%n", this.scalper.confirmed(),
					this.scalper.tried()));
		}
		return table.toString();
	}

	/**
	 * Bookings of one side of the Scalper run.
	 *
	 * @param tried booking requests sent
	 * @param confirmed bookings CONFIRMED in Postgres
	 */
	public record Tally(long tried, long confirmed) {

	}

}
