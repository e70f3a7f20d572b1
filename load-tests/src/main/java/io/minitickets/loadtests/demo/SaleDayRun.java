package io.minitickets.loadtests.demo;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.loadtests.verify.Sale;
import io.minitickets.loadtests.verify.Verification;
import io.minitickets.loadtests.verify.Verifier;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackState;

/**
 * One run of the sale-day scenario against one api-service: a fresh event whose sale is open, fresh users created in
 * Postgres with minted tokens, the stampede, the wait until every 202 settled, and the verifier. The demo runs it, and
 * the bench's gate figure at 10,000 requests.
 */
public final class SaleDayRun {

	/** How long the accepted bookings may take to settle before the run counts them as broken promises. */
	static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);

	/** How long the gate may take to be repaired and the worker to commit, once every 202 is in Postgres. */
	static final Duration QUIET_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * Requests waiting for an answer at once, at most: the 128 of the demo's burst all at once, a larger sale through
	 * as many keep-alive connections (not 10,000 connections opened at once).
	 */
	private static final int MAX_IN_FLIGHT = 256;

	private static final SecureRandom RANDOM = new SecureRandom();

	private final Scenario scenario;

	private final StackState stack;

	private final PrintStream out;

	/**
	 * @param scenario seats, users, requests
	 * @param stack the running stack (admin credentials, signing key, database)
	 * @param out where progress is reported
	 */
	public SaleDayRun(Scenario scenario, StackState stack, PrintStream out) {
		this.scenario = scenario;
		this.stack = stack;
		this.out = out;
	}

	/**
	 * Runs the scenario once.
	 * @param gate whether this api-service runs with the inventory gate (for the report's labels)
	 * @param api the api-service's base URL
	 * @return the run's figures and failures
	 * @throws StackException when api-service or Postgres does not answer as the contract says
	 */
	public RunOutcome run(boolean gate, URI api) {
		String label = gate ? "gate on" : "gate off";
		String runId = HexFormat.of().formatHex(randomBytes());
		HttpClient http = ApiClient.newHttpClient();
		try (http) {
			ApiClient client = new ApiClient(http, api, MAX_IN_FLIGHT);
			String adminToken = client.login(this.stack.adminEmail(), this.stack.adminPassword());
			long eventId = client.createEvent(adminToken, "Sale day demo " + runId + " (" + label + ")",
					this.scenario.seats(), Instant.now().minusSeconds(60));
			List<LoadUser> users = new BulkUsers(this.stack.requirePostgres(), this.stack.jwtSecret(),
					Duration.ofHours(1))
				.create(runId, this.scenario.users());
			this.out.printf("%s: event %d with %d seats, %d users; firing %d booking requests at %s%n", label, eventId,
					this.scenario.seats(), users.size(), this.scenario.requests(), api);
			LoadResult load = new LoadDriver(client).fire(eventId, users, this.scenario.requests());
			List<BookingAttempt> accepted = load.accepted();
			this.out.printf("%s: %d accepted; waiting until they settle%n", label, accepted.size());
			Settlement settlement = new SettlementWaiter(client).await(accepted, SETTLE_TIMEOUT);
			// every 409 of the demo is a sold-out answer: its sale is open and it sends no Idempotency-Key
			Sale sale = new Sale(Set.of(eventId),
					accepted.stream().map(BookingAttempt::bookingId).map(String::valueOf).collect(Collectors.toSet()),
					(load.count(409) > 0) ? Map.of(eventId, 1) : Map.of(), false);
			Verification verification = new Verifier(Inspector.of(this.stack), SETTLE_TIMEOUT, QUIET_TIMEOUT)
				.verify(sale);
			return RunOutcome.of(gate, load, settlement, verification);
		}
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[4];
		RANDOM.nextBytes(bytes);
		return bytes;
	}

}
