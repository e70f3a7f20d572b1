package io.minitickets.api.board;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sale-day board in a real headless Chromium: an admin logs in on the page, watches a sale run, and its figures
 * follow; a user who is not an admin is told so. Screenshots of the running sale are saved beside the surefire
 * reports ({@code target/surefire-reports/board.png}, and {@code board-phone.png} at a phone's width).
 */
class BoardInChromiumIntegrationTests extends ApiIntegrationTest {

	private static final Path REPORTS = Path.of("target", "surefire-reports");

	@LocalManagementPort
	private int managementPort;

	@Autowired
	private InventoryGate gate;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private io.minitickets.core.waitingroom.WaitingRoomQueue queue;

	private HeadlessChromium chromium;

	@BeforeEach
	void startChromium() throws Exception {
		this.chromium = new HeadlessChromium();
	}

	@AfterEach
	void stopChromium() throws Exception {
		this.chromium.close();
	}

	@Test
	void showsARunningSaleToAnAdmin() throws Exception {
		long eventId = createOpenEvent(50);
		WebDriver browser = this.chromium.driver();
		logIn(browser, "admin@test.local", "admin-password");
		WebElement event = this.chromium.until((page) -> page.findElement(By.id("event-" + eventId)));
		this.chromium.until((page) -> text(event, ".gate").equals("50"));
		assertThat(text(event, ".sold-count")).isEqualTo("0");

		List<UUID> bookings = book(eventId, 10, 2);

		this.chromium.until((page) -> text(event, ".gate").equals("30") && text(event, ".leases").equals("20")
				&& number(page, "rate-accepted") > 0);
		settleAsTheWorkerDoes(eventId, bookings, 2);
		this.chromium.until((page) -> text(event, ".sold-count").equals("20") && text(event, ".leases").equals("0"));
		assertThat(text(event, ".drift")).isEqualTo("0");
		assertThat(event.findElements(By.cssSelector(".spark path"))).hasSize(1);

		book(eventId, 5, 1);

		this.chromium.until((page) -> text(event, ".gate").equals("25") && number(page, "rate-accepted") > 0);
		this.chromium.until((page) -> page.findElement(By.id("lag")).getText().matches("\\d+"));
		assertThat(browser.findElement(By.id("login")).isDisplayed()).isFalse();
		assertThat(browser.findElement(By.id("p99")).getText()).matches("[\\d.,]+");
		this.chromium.screenshot(REPORTS.resolve("board.png"), 1280, 1100);
		this.chromium.screenshot(REPORTS.resolve("board-phone.png"), 412, 2200);
	}

	@Test
	void showsAPaidSalesHoldsWaitingListPaymentsAndRefunds() throws Exception {
		long eventId = createOpenEvent(10);
		this.jdbc.sql("update events set price = 2500, currency = 'EUR' where id = ?").param(eventId).update();
		UUID heldOne = booking(eventId, "HELD");
		booking(eventId, "HELD");
		UUID paid = booking(eventId, "CONFIRMED");
		UUID offer = booking(eventId, "CONFIRMED");
		this.jdbc.sql("insert into waitlist_entries (event_id, user_id, quantity) values (?, 71, 1)").param(eventId)
			.update();
		this.jdbc.sql("""
				insert into waitlist_entries (event_id, user_id, quantity, state, offer_booking_id, offered_at)
				values (?, 72, 1, 'TAKEN', ?, now())""").params(eventId, offer).update();
		payment(paid, "pi_paid_" + eventId, "SUCCEEDED", "CONFIRMED");
		payment(offer, "pi_twice_" + eventId, "SUCCEEDED", "REFUNDED");
		payment(heldOne, null, "FAILED", "FAILED_RECORDED");
		refund(offer, "pi_twice_" + eventId, false);
		refund(paid, "pi_refunded_" + eventId, true);
		WebDriver browser = this.chromium.driver();

		logIn(browser, "admin@test.local", "admin-password");

		WebElement event = this.chromium.until((page) -> page.findElement(By.id("event-" + eventId)));
		this.chromium.until((page) -> text(event, ".paid .holds-open").equals("2"));
		assertThat(text(event, ".paid .waiting")).isEqualTo("1");
		assertThat(text(event, ".paid .offers")).isEqualTo("1 / 1");
		assertThat(text(event, ".paid .payments")).isEqualTo("1 / 1 / 1");
		assertThat(text(event, ".paid .refunds")).isEqualTo("1 / 1");

		this.jdbc.sql("update bookings set status = 'EXPIRED', ended_at = now() where id = ?").param(heldOne).update();
		this.meters.counter("minitickets.payments.refused", "reason", "bad-signature").increment();

		this.chromium.until((page) -> text(event, ".paid .holds-open").equals("1")
				&& !List.of("0", "–").contains(text(event, ".paid .expired")));
		this.chromium.until((page) -> number(page, "webhooks-refused") > 0);
		assertThat(browser.findElements(By.cssSelector("#event-" + eventId + " dl.paid"))).hasSize(1);
		this.chromium.screenshot(REPORTS.resolve("board-paid.png"), 1280, 1100);
	}

	@Test
	void showsAWaitingRoomsWaitingAdmittedDroppedAndItsLastPlacesEta() throws Exception {
		HttpResponse<String> created = this.api.post("/api/admin/events", """
				{"name":"Room","capacity":10,"saleOpensAt":"%s","waitingRoom":{"enabled":true,"admission":{"mode":\
				"fixed","perSecond":1}}}""".formatted(java.time.Instant.now().minusSeconds(60)), adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		long eventId = ApiClient.json(created).get("id").asLong();
		long other = createOpenEvent(10);
		this.queue.pause(eventId);
		for (int i = 0; i < 3; i++) {
			long user = 900_000_000L + Math.abs(UUID.randomUUID().getLeastSignificantBits() % 99_000_000L);
			HttpResponse<String> joined = this.api.post("/api/events/" + eventId + "/queue", "", mint(user));
			assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
		}
		WebDriver browser = this.chromium.driver();

		logIn(browser, "admin@test.local", "admin-password");

		WebElement event = this.chromium.until((page) -> page.findElement(By.id("event-" + eventId)));
		this.chromium.until((page) -> text(event, ".room .waiting").equals("3"));
		assertThat(text(event, ".room .state")).isEqualTo("paused");
		assertThat(text(event, ".room .dropped")).isEqualTo("0");
		assertThat(text(event, ".room .eta")).isEqualTo("–");
		WebElement plain = this.chromium.until((page) -> page.findElement(By.id("event-" + other)));
		assertThat(plain.findElements(By.cssSelector("dl.room"))).isEmpty();

		this.queue.resume(eventId);

		this.chromium.until((page) -> !List.of("3", "–").contains(text(event, ".room .waiting"))
				&& !List.of("0", "–").contains(text(event, ".room .admitted-rate")));
		assertThat(text(event, ".room .state")).isEqualTo("admitting");
		this.chromium.screenshot(REPORTS.resolve("board-waiting-room.png"), 1280, 1100);
	}

	@Test
	void tellsAUserWhoIsNotAnAdminThatTheBoardNeedsRoleAdmin() {
		String email = "board-user-" + UUID.randomUUID() + "@test.local";
		HttpResponse<String> created = this.api.post("/api/admin/users",
				"{\"email\":\"" + email + "\",\"password\":\"user-password\"}", adminToken());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		WebDriver browser = this.chromium.driver();

		logIn(browser, email, "user-password");

		this.chromium.until((page) -> page.findElement(By.id("login-error")).getText().contains("role ADMIN"));
		assertThat(browser.findElement(By.id("board")).isDisplayed()).isFalse();
	}

	private void logIn(WebDriver browser, String email, String password) {
		browser.get("http://127.0.0.1:" + this.managementPort + "/board/");
		browser.findElement(By.id("email")).sendKeys(email);
		browser.findElement(By.id("password")).sendKeys(password);
		browser.findElement(By.id("login-submit")).click();
	}

	private List<UUID> book(long eventId, int bookings, int seats) {
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < bookings; i++) {
			HttpResponse<String> response = this.api.post("/api/events/" + eventId + "/bookings",
					"{\"quantity\":" + seats + "}", newUserToken());
			assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
			ids.add(UUID.fromString(ApiClient.json(response).get("bookingId").asString()));
		}
		return ids;
	}

	/**
	 * The worker's two writes of a confirmed booking, as the worker does not run in api-service's tests: Postgres's
	 * seats sold, then the gate's SETTLE of the lease.
	 */
	private void settleAsTheWorkerDoes(long eventId, List<UUID> bookings, int seats) {
		this.jdbc.sql("update events set seats_sold = seats_sold + ? where id = ?")
			.params(bookings.size() * seats, eventId)
			.update();
		bookings.forEach((bookingId) -> this.gate.settle(eventId, bookingId, LeaseOutcome.CONFIRMED, seats));
	}

	/** A booking of one seat of a user of its own, as the worker writes it. */
	private UUID booking(long eventId, String status) {
		UUID bookingId = UUID.randomUUID();
		this.jdbc.sql("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, amount, currency)
				values (?, ?, ?, 1, ?, false, now(), 2500, 'EUR')""")
			.params(bookingId, eventId, Math.abs(bookingId.getLeastSignificantBits() % 1_000_000), status)
			.update();
		return bookingId;
	}

	/** A payment row as the worker's payment applier writes it. */
	private void payment(UUID bookingId, String paymentId, String kind, String outcome) {
		this.jdbc.sql("""
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind,
				                      outcome)
				values (?, ?, ?, 2500, 'EUR', ?, ?)""")
			.params("evt_" + UUID.randomUUID(), bookingId, paymentId, kind, outcome)
			.update();
	}

	/** A refund row as the worker records it; issued when the provider took it. */
	private void refund(UUID bookingId, String paymentId, boolean issued) {
		this.jdbc.sql("""
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason,
				                     done_at)
				values (?, ?, ?, 2500, 'EUR', 'board test', case when ? then now() end)""")
			.params(paymentId, bookingId, "refund-" + paymentId, issued)
			.update();
	}


	private static String text(WebElement event, String selector) {
		return event.findElement(By.cssSelector(selector)).getText();
	}

	private static double number(WebDriver page, String id) {
		String text = page.findElement(By.id(id)).getText().replace(",", "");
		return text.matches("[\\d.]+") ? Double.parseDouble(text) : 0;
	}

}
