package io.minitickets.loadtests.chaos;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.simulator.SimulatorControl;
import org.jspecify.annotations.Nullable;

/**
 * A round's small paid sale, run beside the round's free load while the fault strikes (issue 16, "Chaos": the fault
 * table under a paid sale): {@value #CUSTOMERS} customers, one thread each, book one seat each of a paid event of
 * {@value #SEATS} seats whose holds last 5 s; by their place in line, most pay through the payment simulator, one pays
 * and then cancels (a refund), one cancels unpaid, one never pays (its hold expires during the round); those the sale
 * sold out to join the waiting list and pay the offer the returned seats make them. Every booking request is an
 * {@link Answer} of the phase; every checkout the simulator took a payment for is remembered as charged, for the check
 * that each reached its booking.
 */
final class PaidSaleRound {

	/** Customers of one round's paid sale. */
	static final int CUSTOMERS = 8;

	/** Seats of one round's paid event: fewer than the customers, so some join the waiting list. */
	static final int SEATS = 6;

	/** How long a hold (and a waiting-list offer) waits for its payment. */
	static final Duration HOLD = Duration.ofSeconds(5);

	private static final Duration STATE_WAIT = Duration.ofSeconds(60);

	private static final Duration POLL = Duration.ofMillis(250);

	private static final Duration STOP_WAIT = Duration.ofSeconds(150);

	private final ApiClient api;

	private final SimulatorControl simulator;

	private final List<String> tokens;

	private final FaultKind fault;

	private final long eventId;

	private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();

	private final Set<String> charged = ConcurrentHashMap.newKeySet();

	private final List<Thread> customers = new ArrayList<>();

	/**
	 * @param api api-service
	 * @param simulator the payment simulator's control API, where the customers pay
	 * @param tokens at least {@value #CUSTOMERS} customers' Bearer tokens
	 * @param fault the phase its answers are recorded under
	 * @param eventId the round's paid event
	 */
	PaidSaleRound(ApiClient api, SimulatorControl simulator, List<String> tokens, FaultKind fault, long eventId) {
		this.api = api;
		this.simulator = simulator;
		this.tokens = List.copyOf(tokens.subList(0, CUSTOMERS));
		this.fault = fault;
		this.eventId = eventId;
	}

	/**
	 * Starts every customer at once.
	 * @return this round
	 */
	PaidSaleRound start() {
		for (int place = 0; place < CUSTOMERS; place++) {
			String token = this.tokens.get(place);
			int line = place;
			this.customers.add(Thread.ofVirtual().name("paid-customer-" + place).start(() -> shop(token, line)));
		}
		return this;
	}

	/**
	 * Waits (at most 150 s) until every customer is done; one still busy then is interrupted.
	 * @return every booking request of the round
	 */
	List<Answer> stop() {
		long deadline = System.nanoTime() + STOP_WAIT.toNanos();
		for (Thread customer : this.customers) {
			long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
			try {
				if (!customer.join(Duration.ofMillis(left))) {
					customer.interrupt();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		return List.copyOf(this.answers);
	}

	/**
	 * @return the booking ids the payment simulator took a payment for
	 */
	Set<String> charged() {
		return Set.copyOf(this.charged);
	}

	private void shop(String token, int place) {
		try {
			String bookingId = book(token);
			String status = (bookingId != null) ? awaitEnd(token, bookingId) : null;
			if ("HELD".equals(status)) {
				switch (place) {
					case 5 -> {
						// never pays: the hold expires during the round and its seat goes to the waiting list
					}
					case 6 -> this.api.cancel(token, bookingId);
					case 4 -> {
						if (pay(token, bookingId)) {
							awaitStatus(token, bookingId, "CONFIRMED");
							this.api.cancel(token, bookingId);
						}
					}
					default -> pay(token, bookingId);
				}
			}
			else if (bookingId == null || "REJECTED".equals(status)) {
				waitForAnOffer(token);
			}
		}
		catch (IOException ex) {
			// api-service killed or restarting under the fault: this customer gives up, as a real one would
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void waitForAnOffer(String token) throws IOException, InterruptedException {
		if (this.api.joinWaitlist(token, this.eventId, 1).status() != 201) {
			return;
		}
		long deadline = System.nanoTime() + STATE_WAIT.toNanos();
		while (System.nanoTime() - deadline < 0) {
			ApiResponse entry = this.api.waitlistEntry(token, this.eventId);
			String offer = (entry.status() == 200 && "OFFERED".equals(this.api.text(entry.body(), "state")))
					? this.api.text(entry.body(), "offerBookingId") : null;
			if (offer != null) {
				pay(token, offer);
				return;
			}
			ProcessWaits.pause(POLL);
		}
	}

	private @Nullable String book(String token) throws IOException, InterruptedException {
		ApiResponse response = this.api.book(token, this.eventId, 1);
		String bookingId = (response.status() == 202) ? this.api.bookingId(response.body()) : null;
		this.answers.add(new Answer(this.fault, this.eventId, 1, response.status(), bookingId));
		return bookingId;
	}

	private boolean pay(String token, String bookingId) throws IOException, InterruptedException {
		ApiResponse response = this.api.checkout(token, bookingId);
		String checkout = (response.status() == 201) ? this.api.text(response.body(), "checkoutId") : null;
		if (checkout != null && this.simulator.pay(checkout)) {
			this.charged.add(bookingId);
			return true;
		}
		return false;
	}

	/** Waits until the booking has left PENDING; its status then, or null when it did not in time. */
	private @Nullable String awaitEnd(String token, String bookingId) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + STATE_WAIT.toNanos();
		while (System.nanoTime() - deadline < 0) {
			String status = this.api.status(token, bookingId);
			if (status != null && !status.equals("PENDING")) {
				return status;
			}
			ProcessWaits.pause(POLL);
		}
		return null;
	}

	private void awaitStatus(String token, String bookingId, String wanted)
			throws IOException, InterruptedException {
		long deadline = System.nanoTime() + STATE_WAIT.toNanos();
		while (!wanted.equals(this.api.status(token, bookingId)) && System.nanoTime() - deadline < 0) {
			ProcessWaits.pause(POLL);
		}
	}

}
