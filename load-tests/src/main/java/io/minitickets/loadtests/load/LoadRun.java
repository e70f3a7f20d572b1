package io.minitickets.loadtests.load;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.gatling.Ledger;
import io.minitickets.loadtests.gatling.LoadSettings;
import io.minitickets.loadtests.gatling.PaidSaleSettings;
import io.minitickets.loadtests.gatling.WaitingRoomScenarios;
import io.minitickets.loadtests.load.paid.PaidSaleReader;
import io.minitickets.loadtests.load.waitingroom.SaleOpener;
import io.minitickets.loadtests.load.waitingroom.WaitingRoomFigures;
import io.minitickets.loadtests.simulations.Scalper;
import io.minitickets.loadtests.simulations.StreamingSale;
import io.minitickets.loadtests.verify.EventFacts;
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
 * One run of a simulation against a stack: fresh users created in Postgres with minted tokens, a fresh event on sale
 * (sold out first for a stampede; for a waiting-room rush, with a waiting room, its sale opened once half the
 * customers arrived), the simulation run by Gatling in this JVM, then the verifier and the simulation's own
 * expectations.
 */
final class LoadRun {

	/** The stack's booking bucket: 10 tokens, one more per second (README, configuration). */
	static final int BUCKET_CAPACITY = 10;

	/** Refills of the booking bucket per second. */
	static final int BUCKET_REFILLS_PER_SECOND = 1;

	/** PaidSale's price of a seat, minor units of {@link #CURRENCY}. */
	static final long PRICE = 2_500;

	/** PaidSale's currency. */
	static final String CURRENCY = "EUR";

	/** WaitingRoomRush: how long an admission lasts (the admin API's least is 30 s). */
	static final int RUSH_ADMITTED_SECONDS = 120;

	/**
	 * WaitingRoomRush: the sale's opening when its event is created, a placeholder (see {@link SaleOpener}).
	 */
	private static final Duration RUSH_OPENS_AFTER = Duration.ofHours(1);

	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration QUIET_TIMEOUT = Duration.ofSeconds(30);

	private static final SecureRandom RANDOM = new SecureRandom();

	private final StackState stack;

	private final Path resultsFolder;

	private final PrintStream out;

	/**
	 * @param stack the stack (its database, signing key, Valkey and broker)
	 * @param resultsFolder where Gatling writes its reports
	 * @param out where progress is reported
	 */
	LoadRun(StackState stack, Path resultsFolder, PrintStream out) {
		this.stack = stack;
		this.resultsFolder = resultsFolder;
		this.out = out;
	}

	/**
	 * @param simulation which simulation
	 * @param api the api-service to load
	 * @param users users to create (Scalper: always 1 + 5)
	 * @param rate peak arrivals per second
	 * @param duration the injection's length
	 * @param holdSeconds PaidSale: the event's hold and offer windows
	 * @return the report
	 * @throws StackException when the stack does not answer as the contract says
	 */
	LoadReport run(Simulations simulation, URI api, int users, double rate, Duration duration, int holdSeconds) {
		String runId = HexFormat.of().formatHex(randomBytes());
		int seats = simulation.seats(rate, duration);
		HttpClient http = ApiClient.newHttpClient();
		try (http) {
			ApiClient client = new ApiClient(http, api);
			String admin = client.login(this.stack.adminEmail(), this.stack.adminPassword());
			String name = "Load " + simulation.label() + " " + runId;
			Instant opened = Instant.now().minusSeconds(60);
			PaidSaleSettings paid = (simulation == Simulations.PAID_SALE)
					? new PaidSaleSettings(simulatorUrl(), holdSeconds, holdSeconds) : null;
			BulkUsers bulk = new BulkUsers(this.stack.requirePostgres(), this.stack.jwtSecret(), duration.plusHours(1));
			List<LoadUser> created = bulk.create(runId, users);
			long eventId;
			if (paid != null) {
				eventId = client.createPaidEvent(admin, name, seats, opened, PRICE, CURRENCY, holdSeconds, holdSeconds);
			}
			else if (simulation == Simulations.WAITING_ROOM_RUSH) {
				eventId = client.createWaitingRoomEvent(admin, name, seats, Instant.now().plus(RUSH_OPENS_AFTER),
						RUSH_ADMITTED_SECONDS);
				this.out.printf("%s: event %d's waiting room takes places from now and admits in auto; its sale opens "
						+ "once half the customers arrived%n", simulation.label(), eventId);
			}
			else {
				eventId = client.createEvent(admin, name, seats, opened);
			}
			if (simulation == Simulations.SOLD_OUT_STAMPEDE) {
				sellOut(client, eventId, seats, bulk.create(runId + "-seller", 1).getFirst());
			}
			Path usersFile = this.resultsFolder.resolve("users-" + runId + ".csv");
			LoadSettings.write(createFolder(usersFile), created);
			this.out.printf("%s: event %d with %,d seats, %,d users created; running the simulation at %s%n",
					simulation.label(), eventId, seats, created.size(), api);
			Ledger.current().reset();
			GatlingRunner.Result gatling;
			Map<String, String> properties = new HashMap<>(
					LoadSettings.properties(api.toString(), eventId, usersFile, rate, duration));
			if (paid != null) {
				properties.putAll(paid.properties());
			}
			SimulatorControl simulator = (paid != null) ? new SimulatorControl(http, URI.create(paid.simulatorUrl()))
					: null;
			SaleOpener opener = (simulation == Simulations.WAITING_ROOM_RUSH)
					? new SaleOpener(this.stack.requirePostgres(), eventId, (seats + 1) / 2, rate, this.out) : null;
			try {
				gatling = new GatlingRunner(this.resultsFolder).run(simulation.type(), properties,
						simulation.label() + " " + runId);
			}
			finally {
				if (opener != null) {
					opener.close();
				}
				deleteQuietly(usersFile);
				if (simulator != null) {
					simulator.behaveNormally();
				}
			}
			PaidSaleReader.Quiet quiet = null;
			if (simulator != null) {
				Duration wait = Duration.ofSeconds(4L * holdSeconds + 60);
				this.out.printf("Waiting (at most %d s) for the holds and offers to end and the webhooks and refunds "
						+ "to be done...%n", wait.toSeconds());
				quiet = new PaidSaleReader(this.stack.requirePostgres(), simulator).awaitQuiet(eventId, wait);
			}
			this.out.println("Verifying Postgres, Valkey and Kafka...");
			Inspector inspector = Inspector.of(this.stack);
			Verification verification = new Verifier(inspector, SETTLE_TIMEOUT, QUIET_TIMEOUT)
				.verify(new Sale(Set.of(eventId), Ledger.current().acceptedIds(), Ledger.current().soldOutRefusals(),
						paid != null));
			return report(simulation, api, eventId, seats, created, rate, duration, gatling, verification, inspector,
					quiet, opener);
		}
	}

	private String simulatorUrl() {
		return this.stack.process(Service.PAYMENT_SIMULATOR.module())
			.map(ManagedProcess::url)
			.orElseThrow(() -> new StackException("The stack has no payment simulator recorded; PaidSale needs one "
					+ "(./minitickets up starts it)"));
	}

	private LoadReport report(Simulations simulation, URI api, long eventId, int seats, List<LoadUser> users,
			double rate, Duration duration, GatlingRunner.Result gatling, Verification verification,
			Inspector inspector, PaidSaleReader.@Nullable Quiet quiet, @Nullable SaleOpener opener) {
		List<String> failures = new ArrayList<>(verification.breaches());
		if (opener != null && opener.openedAt() == null) {
			failures.add("the rush's sale was never opened (see above)");
		}
		if (quiet != null && !quiet.reached()) {
			failures.add("the paid sale was not quiet when the wait ended (a hold, an offer, a waiting entry, a webhook "
					+ "or a refund still open)");
		}
		if (gatling.status() != 0) {
			failures.add("Gatling exited " + gatling.status() + " (a failed request or assertion: see its summary)");
		}
		Ledger ledger = Ledger.current();
		long seatsLeft = verification.events().stream().mapToLong(EventFacts::seatsLeft).sum();
		LoadReport.Tally shoppers = null;
		LoadReport.Tally scalper = null;
		if (simulation == Simulations.SCALPER) {
			Map<Long, Long> confirmed = inspector.confirmedByUser(eventId);
			scalper = new LoadReport.Tally(ledger.count("scalper", "tried"),
					confirmed.getOrDefault(users.getFirst().id(), 0L));
			shoppers = new LoadReport.Tally(ledger.count("shopper", "tried"), users.subList(1, users.size())
				.stream()
				.mapToLong((user) -> confirmed.getOrDefault(user.id(), 0L))
				.sum());
			failures.addAll(scalperExpectations(shoppers, scalper, seats, seatsLeft, duration));
		}
		if (simulation == Simulations.STREAMING_SALE && ledger.count("user", "streamed PENDING") > 0) {
			failures.add(ledger.count("user", "streamed PENDING") + " bookings were not final within "
					+ StreamingSale.WAIT.toSeconds() + " s on their status stream");
		}
		WaitingRoomFigures room = (simulation == Simulations.WAITING_ROOM_RUSH)
				? WaitingRoomFigures.of(ledger.counts().getOrDefault(WaitingRoomScenarios.ROLE, Map.of())) : null;
		if (room != null) {
			failures.addAll(room.failures());
		}
		if (simulation == Simulations.SOLD_OUT_STAMPEDE && ledger.count("user", "202") > 0) {
			failures.add(ledger.count("user", "202") + " requests after the sell-out were accepted (202)");
		}
		return new LoadReport(simulation.label(), api.toString(), eventId, seats, users.size(), rate,
				duration.toSeconds(), ledger.counts(), verification.figures(), seatsLeft, shoppers, scalper,
				gatling.status(), gatling.report().map((folder) -> folder.resolve("index.html").toString()).orElse(null),
				failures, (quiet != null) ? quiet.figures().payments() : null,
				(quiet != null) ? quiet.figures().holds() : null, (quiet != null) ? quiet.figures().waitlist() : null,
				(simulation == Simulations.STREAMING_SALE) ? ledger.timeToFinal() : null, room);
	}

	/**
	 * What the seed's ShopStream case promises.
	 * @return the broken expectations, empty when all held
	 */
	static List<String> scalperExpectations(LoadReport.Tally shoppers, LoadReport.Tally scalper, int seats,
			long seatsLeft, Duration duration) {
		List<String> failures = new ArrayList<>();
		long expectedShopperBookings = Scalper.SHOPPERS
				* Math.max(1, duration.toMillis() / Scalper.SHOPPER_INTERVAL.toMillis());
		if (shoppers.tried() != expectedShopperBookings || shoppers.confirmed() != shoppers.tried()) {
			failures.add("shoppers: " + shoppers.confirmed() + " of " + shoppers.tried() + " bookings confirmed ("
					+ expectedShopperBookings + " tried and confirmed expected)");
		}
		long bound = BUCKET_CAPACITY + BUCKET_REFILLS_PER_SECOND * duration.toSeconds();
		if (scalper.confirmed() > bound) {
			failures.add("scalper: " + scalper.confirmed() + " bookings confirmed, more than the bucket's capacity + "
					+ "rate × duration = " + bound);
		}
		if (seatsLeft != seats - shoppers.confirmed() - scalper.confirmed()) {
			failures.add(seatsLeft + " seats left; " + seats + " - " + shoppers.confirmed() + " - "
					+ scalper.confirmed() + " expected (the rest stays on sale)");
		}
		return failures;
	}

	private void sellOut(ApiClient client, long eventId, int seats, LoadUser seller) {
		try {
			ApiResponse answer = client.book(seller.token(), eventId, seats);
			String bookingId = (answer.status() == 202) ? client.bookingId(answer.body()) : null;
			if (bookingId == null) {
				throw new StackException("Selling out event " + eventId + ": booking " + seats + " seats answered "
						+ answer.status() + ": " + answer.body());
			}
			long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
			String status = client.status(seller.token(), bookingId);
			while (!"CONFIRMED".equals(status)) {
				if ("REJECTED".equals(status) || System.nanoTime() - deadline > 0) {
					throw new StackException("Selling out event " + eventId + ": the booking of all " + seats
							+ " seats is " + status);
				}
				ProcessWaits.pause(Duration.ofMillis(100));
				status = client.status(seller.token(), bookingId);
			}
			this.out.printf("Event %d sold out (%d seats confirmed) before the stampede%n", eventId, seats);
		}
		catch (IOException ex) {
			throw new StackException("Selling out event " + eventId + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while selling out event " + eventId, ex);
		}
	}

	private static Path createFolder(Path file) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create the folder of " + file, ex);
		}
	}

	private static void deleteQuietly(@Nullable Path file) {
		try {
			if (file != null) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			// the users file holds tokens valid for the run only; a leftover is harmless
		}
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[4];
		RANDOM.nextBytes(bytes);
		return bytes;
	}

}
