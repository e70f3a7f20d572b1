package io.minitickets.loadtests.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.loadtests.verify.Sale;
import io.minitickets.loadtests.verify.Verification;
import io.minitickets.loadtests.verify.Verifier;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;

/**
 * The demo's paid event beside the free one: one seat at 25.00 EUR with a {@value #HOLD_SECONDS} s hold. A first
 * customer holds it and never pays; a second is answered sold out and joins the waiting list; the hold expires, the
 * seat is offered to the second customer, who pays the offer through the payment simulator. Then the verifier.
 */
final class PaidEventRun {

	/** The event's hold window, the shortest an event takes. */
	static final int HOLD_SECONDS = 5;

	/** The offer's window: long enough for the demo to pay it. */
	static final int OFFER_SECONDS = 60;

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final Duration POLL = Duration.ofMillis(100);

	private final StackState stack;

	private final PrintStream out;

	/**
	 * @param stack the running stack (admin, signing key, database, payment simulator)
	 * @param out where progress is reported
	 */
	PaidEventRun(StackState stack, PrintStream out) {
		this.stack = stack;
		this.out = out;
	}

	/**
	 * @param api the stack's api-service (gate on)
	 * @return the figures and what went wrong (empty when the hold expired, the offer was made and paid, and the
	 * verifier was clean)
	 * @throws StackException when api-service, the simulator or Postgres does not answer as the contract says
	 */
	RunOutcomeOfPaidEvent run(URI api) {
		String runId = HexFormat.of().formatHex(randomBytes());
		HttpClient http = ApiClient.newHttpClient();
		try (http) {
			ApiClient client = new ApiClient(http, api);
			SettlementWaiter waiter = new SettlementWaiter(client);
			String admin = client.login(this.stack.adminEmail(), this.stack.adminPassword());
			long eventId = client.createPaidEvent(admin, "Paid demo " + runId, 1, Instant.now().minusSeconds(60), 2_500,
					"EUR", HOLD_SECONDS, OFFER_SECONDS);
			List<LoadUser> users = new BulkUsers(this.stack.requirePostgres(), this.stack.jwtSecret(),
					Duration.ofHours(1))
				.create("paid-" + runId, 2);
			LoadUser holder = users.get(0);
			LoadUser waiting = users.get(1);
			this.out.printf("paid event %d (1 seat, %d s hold): one customer holds the seat and never pays, "
					+ "another joins the waiting list%n", eventId, HOLD_SECONDS);
			String hold = accepted(client, client.book(holder.token(), eventId, 1), "the first customer's booking");
			String held = waiter.awaitStatus(holder.token(), hold, Set.of("HELD"), WAIT);
			long heldAt = System.nanoTime();
			List<String> failures = new ArrayList<>();
			ApiResponse soldOut = client.book(waiting.token(), eventId, 1);
			ApiResponse joined = client.joinWaitlist(waiting.token(), eventId, 1);
			if (!"HELD".equals(held) || soldOut.status() != 409 || joined.status() != 201) {
				failures.add("paid event: the hold was " + held + ", the second booking answered " + soldOut.status()
						+ " and the waiting list " + joined.status() + " (HELD, 409 and 201 expected)");
			}
			String ended = waiter.awaitStatus(holder.token(), hold, Set.of("EXPIRED"), WAIT);
			boolean expired = "EXPIRED".equals(ended);
			long expiredAfterMs = expired ? Duration.ofNanos(System.nanoTime() - heldAt).toMillis() : 0;
			String offer = awaitOffer(client, waiting.token(), eventId);
			SimulatorControl simulator = new SimulatorControl(http, URI.create(simulatorUrl()));
			boolean paid = offer != null && pay(client, simulator, waiter, waiting.token(), offer);
			Verification verification = new Verifier(Inspector.of(this.stack), SaleDayRun.SETTLE_TIMEOUT,
					SaleDayRun.QUIET_TIMEOUT)
				.verify(new Sale(Set.of(eventId), Set.of(hold), Map.of(), true));
			PaidEventReport report = new PaidEventReport(1, HOLD_SECONDS, expired ? 1 : 0, expiredAfterMs,
					(offer != null) ? 1 : 0, paid ? 1 : 0, verification.figures());
			if (!expired || offer == null || !paid) {
				failures.add("paid event: hold expired " + expired + " (" + ended + "), offer made " + (offer != null)
						+ ", offer paid " + paid);
			}
			verification.breaches().forEach((breach) -> failures.add("paid event: " + breach));
			return new RunOutcomeOfPaidEvent(report, failures);
		}
		catch (IOException ex) {
			throw new StackException("The paid event's demo failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted during the paid event's demo", ex);
		}
	}

	private @Nullable String awaitOffer(ApiClient client, String token, long eventId)
			throws IOException, InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() - deadline < 0) {
			ApiResponse entry = client.waitlistEntry(token, eventId);
			if (entry.status() == 200 && "OFFERED".equals(client.text(entry.body(), "state"))) {
				return client.text(entry.body(), "offerBookingId");
			}
			ProcessWaits.pause(POLL);
		}
		return null;
	}

	private static boolean pay(ApiClient client, SimulatorControl simulator, SettlementWaiter waiter, String token,
			String bookingId)
			throws IOException, InterruptedException {
		waiter.awaitStatus(token, bookingId, Set.of("HELD"), WAIT);
		ApiResponse checkout = client.checkout(token, bookingId);
		String checkoutId = (checkout.status() == 201 || checkout.status() == 200)
				? client.text(checkout.body(), "checkoutId") : null;
		if (checkoutId == null || !simulator.pay(checkoutId)) {
			return false;
		}
		return "CONFIRMED".equals(waiter.awaitStatus(token, bookingId, Set.of("CONFIRMED"), WAIT));
	}

	private static String accepted(ApiClient client, ApiResponse answer, String what) {
		String bookingId = (answer.status() == 202) ? client.bookingId(answer.body()) : null;
		if (bookingId == null) {
			throw new StackException(what + " was answered " + answer.status() + ": " + answer.body());
		}
		return bookingId;
	}

	private String simulatorUrl() {
		return this.stack.process(Service.PAYMENT_SIMULATOR.module())
			.map(ManagedProcess::url)
			.orElseThrow(() -> new StackException("The stack has no payment simulator recorded"));
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[4];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

	/**
	 * @param report the figures
	 * @param failures what went wrong; empty when nothing did
	 */
	record RunOutcomeOfPaidEvent(PaidEventReport report, List<String> failures) {
	}

}
