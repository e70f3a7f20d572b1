package io.minitickets.loadtests.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.localstack.stack.Service;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./minitickets load} end to end through the real command line, on one stack of real processes started for
 * the class: the seed's Scalper case for its full 10 s (every shopper booking confirmed, the scalper held to its
 * bucket, the rest on sale, the verifier clean) and a short SoldOutStampede (every request refused, nothing sold
 * after the sell-out), and a small PaidSale (200 users for 20 seats, 10 s holds: the verifier clean, its payments,
 * holds and waiting-list figures written), and a small StreamingSale (30 customers waiting on the status stream:
 * every booking streamed CONFIRMED, its time to final reported, the verifier clean), and a small WaitingRoomRush (40
 * customers, 5/s for 8 s, joining an {@code auto} waiting room around its opening: every one admitted once and booked
 * with its admission, no second place, no 403, no timeout or 5xx but a retried 503, the verifier clean). Needs the
 * services' jars (the reactor packages them before load-tests).
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class LoadCommandIntegrationTests {

	private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	@TempDir
	static Path folder;

	@BeforeAll
	static void startStack() throws IOException, InterruptedException {
		assertThat(List.of(Service.values())).allSatisfy(
				(service) -> assertThat(service.jar(CHECKOUT)).as("build the services first: ./mvnw package").exists());
		run("up.log", 6, "up");
	}

	@AfterAll
	static void stopStack() throws IOException, InterruptedException {
		run("down.log", 2, "down");
	}

	@Test
	void theScalperGetsAtMostItsBucketAndEveryShopperBookingIsConfirmed() throws IOException, InterruptedException {
		Path json = folder.resolve("scalper.json");

		run("scalper.log", 5, "load", "Scalper", "--json", json.toString());

		JsonNode report = JsonMapper.builder().build().readTree(json.toFile());
		assertThat(report.at("/shoppers/tried").asLong()).isEqualTo(25);
		assertThat(report.at("/shoppers/confirmed").asLong()).isEqualTo(25);
		long scalper = report.at("/scalper/confirmed").asLong();
		assertThat(scalper).isBetween(10L, 20L);
		assertThat(report.at("/scalper/tried").asLong()).isGreaterThan(scalper);
		assertThat(report.at("/seatsLeft").asLong()).isEqualTo(1_000 - 25 - scalper);
		assertThat(report.at("/verifier/oversold").asLong()).isZero();
		assertThat(report.at("/verifier/undersold").asLong()).isZero();
		assertThat(report.at("/verifier/unsettled").asLong()).isZero();
		assertThat(report.at("/verifier/drift").asLong()).isZero();
		assertThat(report.path("report").asString()).endsWith("index.html");
		assertThat(Path.of(report.path("report").asString())).exists();
	}

	@Test
	void aStampedeAfterTheSellOutIsRefusedWithoutSellingASeat() throws IOException, InterruptedException {
		Path json = folder.resolve("stampede.json");

		run("stampede.log", 5, "load", "SoldOutStampede", "--users", "40", "--rate", "20", "--duration", "3",
				"--json", json.toString());

		JsonNode report = JsonMapper.builder().build().readTree(json.toFile());
		assertThat(report.at("/answers/user/tried").asLong()).isEqualTo(60);
		assertThat(report.at("/answers/user/409 sold out").asLong()).isEqualTo(60);
		assertThat(report.at("/seatsLeft").asLong()).isZero();
		assertThat(report.at("/verifier/oversold").asLong()).isZero();
		assertThat(report.at("/verifier/unsettled").asLong()).isZero();
	}

	@Test
	void aSmallStreamingSaleWaitsOnTheStatusStreamUntilEveryBookingIsFinal() throws IOException, InterruptedException {
		Path json = folder.resolve("streaming-sale.json");

		run("streaming-sale.log", 5, "load", "StreamingSale", "--users", "40", "--rate", "10", "--duration", "3",
				"--json", json.toString());

		JsonNode report = JsonMapper.builder().build().readTree(json.toFile());
		assertThat(report.at("/seats").asLong()).isEqualTo(30);
		assertThat(report.at("/answers/user/tried").asLong()).isEqualTo(30);
		assertThat(report.at("/answers/user/202").asLong()).isEqualTo(30);
		assertThat(report.at("/answers/user/streamed CONFIRMED").asLong()).isEqualTo(30);
		assertThat(report.at("/answers/user").has("polled CONFIRMED")).as("no polling").isFalse();
		assertThat(report.at("/timeToFinal/count").asLong()).isEqualTo(30);
		assertThat(report.at("/timeToFinal/p50Ms").asLong()).isPositive()
			.isLessThanOrEqualTo(report.at("/timeToFinal/p99Ms").asLong());
		assertThat(report.at("/gatlingStatus").asInt()).isZero();
		assertThat(report.at("/seatsLeft").asLong()).isZero();
		for (String figure : List.of("oversold", "undersold", "unsettled", "drift")) {
			assertThat(report.at("/verifier/" + figure).asLong()).as(figure).isZero();
		}
	}

	@Test
	void aSmallWaitingRoomRushAdmitsEveryCustomerOnceAndEachBooksWithItsAdmission()
			throws IOException, InterruptedException {
		Path json = folder.resolve("waiting-room-rush.json");

		run("waiting-room-rush.log", 5, "load", "WaitingRoomRush", "--users", "40", "--rate", "5", "--duration", "8",
				"--json", json.toString());

		JsonNode report = JsonMapper.builder().build().readTree(json.toFile());
		assertThat(report.at("/seats").asLong()).isEqualTo(40);
		assertThat(report.at("/waitingRoom/customers").asLong()).isEqualTo(40);
		assertThat(report.at("/waitingRoom/placesJoined").asLong()).isEqualTo(40);
		assertThat(report.at("/waitingRoom/joinedBeforeOpening").asLong())
			.as("about half arrive before the opening, the rest after")
			.isBetween(10L, 30L);
		assertThat(report.at("/waitingRoom/admitted").asLong()).isEqualTo(40);
		assertThat(report.at("/waitingRoom/bookedWithAdmission").asLong()).isEqualTo(40);
		assertThat(report.at("/waitingRoom/sameOnSecondJoin").asLong()).isEqualTo(40);
		for (String figure : List.of("admittedCouldNotBook", "notAdmitted", "doublePlaces", "forbidden",
				"unexpectedAnswers")) {
			assertThat(report.at("/waitingRoom/" + figure).asLong()).as(figure).isZero();
		}
		assertThat(report.at("/answers/customer/polled CONFIRMED").asLong()).isEqualTo(40);
		assertThat(report.at("/gatlingStatus").asInt()).isZero();
		assertThat(report.at("/seatsLeft").asLong()).isZero();
		for (String figure : List.of("oversold", "undersold", "unsettled", "drift")) {
			assertThat(report.at("/verifier/" + figure).asLong()).as(figure).isZero();
		}
	}

	@Test
	void aSmallPaidSaleEndsVerifiedWithItsPaymentsHoldsAndWaitingList() throws IOException, InterruptedException {
		Path json = folder.resolve("paid-sale.json");

		run("paid-sale.log", 5, "load", "PaidSale", "--users", "200", "--rate", "20", "--duration", "10",
				"--hold-seconds", "10", "--json", json.toString());

		JsonNode report = JsonMapper.builder().build().readTree(json.toFile());
		assertThat(report.at("/seats").asLong()).isEqualTo(20);
		assertThat(report.get("verifier").propertyNames()).contains("oversold", "unsettled", "drift",
				"seatConservation", "moneyMismatch", "doubleRefunds", "waitlistOrderViolations");
		for (String figure : List.of("oversold", "unsettled", "drift", "seatConservation", "moneyMismatch",
				"doubleRefunds", "waitlistOrderViolations")) {
			assertThat(report.at("/verifier/" + figure).asLong()).as(figure).isZero();
		}
		assertThat(report.get("payments").propertyNames()).containsExactlyInAnyOrder("succeeded", "declined",
				"refunded", "duplicateWebhooks");
		assertThat(report.get("holds").propertyNames()).containsExactlyInAnyOrder("created", "expired", "paid");
		assertThat(report.get("waitlist").propertyNames()).containsExactlyInAnyOrder("joined", "offersMade",
				"offersTaken");
		assertThat(report.at("/holds/created").asLong()).isGreaterThanOrEqualTo(20);
		assertThat(report.at("/payments/succeeded").asLong()).isPositive();
		assertThat(report.at("/waitlist/joined").asLong()).isPositive();
	}

	private static void run(String log, int minutes, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(
				Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp",
				System.getProperty("java.class.path"), "io.minitickets.loadtests.MiniTickets"));
		command.addAll(List.of(arguments));
		command.addAll(List.of("--state", folder.resolve("stack").toString()));
		Process process = new ProcessBuilder(command).directory(CHECKOUT.toFile())
			.redirectErrorStream(true)
			.redirectOutput(folder.resolve(log).toFile())
			.start();
		boolean finished = process.waitFor(minutes, TimeUnit.MINUTES);
		if (!finished) {
			process.destroy();
			process.waitFor(60, TimeUnit.SECONDS);
		}
		String output = Files.readString(folder.resolve(log));
		assertThat(finished).as(output).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
	}

}
