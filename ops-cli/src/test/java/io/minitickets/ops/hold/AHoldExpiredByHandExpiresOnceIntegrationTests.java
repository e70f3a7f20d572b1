package io.minitickets.ops.hold;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.UUID;

import io.minitickets.ops.OpsCommand;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.PaidBookings;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops holds expire}: a dry run changes nothing; {@code --execute} makes the hold due and the worker's expirer
 * expires it once, its seats going to the waiting list first; a second run is a no-op that says so; a booking that is
 * not HELD is refused precisely and nothing changes. Also {@code ops holds list} and its filters.
 */
class AHoldExpiredByHandExpiresOnceIntegrationTests extends OpsIntegrationTestSupport {

	private PaidBookings paid;

	@BeforeEach
	void paidBookings() {
		this.paid = new PaidBookings(this.jdbc, this.kafka, this.gate, TIMEOUT);
	}

	@Test
	void aDryRunChangesNothingAndExecuteExpiresTheHoldOnceOfferingItsSeatsToTheWaitingList() {
		long eventId = this.paid.event(2, PaidBookings.PRICE);
		UUID held = this.paid.book(eventId, 11, 2, "HELD");
		long entry = this.paid.join(eventId, 12, 2);
		String dueBefore = holdExpiresAt(held);
		int audited = auditRows();

		Run dryRun = ops("holds", "expire", held.toString());

		assertThat(dryRun.exit()).as(dryRun.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(dryRun.out()).contains("would expire booking " + held + ": HELD, 2 seats of event " + eventId)
			.contains("Nothing changed");
		assertThat(this.paid.status(held)).isEqualTo("HELD");
		assertThat(holdExpiresAt(held)).isEqualTo(dueBefore);
		assertThat(auditRows()).isEqualTo(audited);

		Run execute = ops("holds", "expire", held.toString(), "--execute");

		assertThat(execute.exit()).as(execute.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(execute.out()).contains("booking " + held + " EXPIRED by the worker");
		assertThat(this.paid.status(held)).isEqualTo("EXPIRED");
		assertThat(this.paid.count("""
				select count(*) from ops_audit where command = 'holds expire' and range_spec = ?""", "booking " + held))
			.isEqualTo(1);
		assertThat(this.jdbc.queryForObject("select state from waitlist_entries where id = ?", String.class, entry))
			.isEqualTo("OFFERED");
		assertThat(seatsSold(eventId)).isEqualTo(2);

		Run again = ops("holds", "expire", held.toString(), "--apply");

		assertThat(again.exit()).as(again.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(again.out()).contains("booking " + held + " is EXPIRED already").contains("nothing to do");
		assertThat(auditRows()).isEqualTo(audited + 1);
		assertThat(this.paid.count("select count(*) from bookings where event_id = ? and status = 'HELD'", eventId))
			.as("the offer's hold, nothing more").isEqualTo(1);
	}

	@Test
	void aBookingThatIsNotHeldIsRefusedAndNothingChanges() {
		long eventId = this.paid.event(3, 0);
		UUID confirmed = this.paid.book(eventId, 21, 1, "CONFIRMED");
		int audited = auditRows();

		Run notHeld = ops("holds", "expire", confirmed.toString(), "--execute");
		Run unknown = ops("holds", "expire", UUID.randomUUID().toString(), "--execute");

		assertThat(notHeld.exit()).as(notHeld.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(notHeld.err())
			.contains("booking " + confirmed + " is CONFIRMED, not HELD: only a hold expires; nothing changed");
		assertThat(unknown.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(unknown.err()).contains("does not exist in Postgres");
		assertThat(this.paid.status(confirmed)).isEqualTo("CONFIRMED");
		assertThat(auditRows()).isEqualTo(audited);
	}

	@Test
	void aBookingIdThatIsNotAUuidIsBadUsageSaidInWords() {
		Run run = ops("holds", "expire", "not-a-booking");

		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).contains("'not-a-booking' is not a booking id: a UUID such as "
				+ "6f2d1c3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f").doesNotContain("Exception");
	}

	@Test
	void withoutItsDatabaseOpsSaysSoInASentenceNamingNoClass() {
		String url = settings().datasourceUrl().replaceFirst("/[^/?]+(\\?|$)", "/minitickets_absent$1");
		OpsSettings absent = OpsSettings.of(Map.of("spring.datasource.url", url, "spring.datasource.username",
				settings().datasourceUsername(), "minitickets.jwt.secret", JWT_SECRET));
		StringWriter err = new StringWriter();
		CommandLine commandLine = OpsCommand.commandLine(absent);
		commandLine.setOut(new PrintWriter(new StringWriter(), true));
		commandLine.setErr(new PrintWriter(err, true));

		int exit = commandLine.execute("holds", "list", "--event", "1");

		assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.CHECK_FAILED);
		assertThat(err.toString()).startsWith("ops: no MiniTickets database 'minitickets_absent' at ")
			.contains("is the stack up? (./minitickets up)")
			.doesNotContain("Exception")
			.doesNotContain("org.postgresql");
	}

	@Test
	void aConnectionPostgresRefusesIsSaidInASentenceNamingNoClass() {
		// a setting Postgres refuses at the login, with a FATAL that is neither a missing database nor a bad login
		// (as "sorry, too many clients already" is): real, and no other client is refused for it
		String url = settings().datasourceUrl();
		url += (url.contains("?") ? "&" : "?") + "options=-c%20statement_timeout%3Dnot-a-duration";
		OpsSettings refused = OpsSettings.of(Map.of("spring.datasource.url", url, "spring.datasource.username",
				settings().datasourceUsername(), "minitickets.jwt.secret", JWT_SECRET));
		StringWriter err = new StringWriter();
		CommandLine commandLine = OpsCommand.commandLine(refused);
		commandLine.setOut(new PrintWriter(new StringWriter(), true));
		commandLine.setErr(new PrintWriter(err, true));

		int exit = commandLine.execute("holds", "list", "--event", "1");

		assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.CHECK_FAILED);
		assertThat(err.toString()).startsWith("ops: Postgres at ")
			.contains(" refused the connection: FATAL: invalid value for parameter \"statement_timeout\"")
			.doesNotContain("Exception")
			.doesNotContain("org.postgresql")
			.hasLineCount(1);
	}

	@Test
	void listsAnEventsHoldsSoonestFirstWithTheirPaymentState() {
		long eventId = this.paid.event(10, PaidBookings.PRICE);
		UUID first = this.paid.book(eventId, 31, 1, "HELD");
		UUID declined = this.paid.book(eventId, 32, 2, "HELD");
		this.paid.pay(eventId, declined, 2, false);
		UUID later = this.paid.book(eventId, 33, 3, "HELD");
		this.jdbc.update("update bookings set hold_expires_at = now() + interval '1 hour' where id = ?", later);
		this.valkey.sync().set(this.keys.bookingCheckout(later), "cs_test_ops");

		Run all = ops("holds", "list", "--event", Long.toString(eventId));
		Run oneUser = ops("holds", "list", "--event", Long.toString(eventId), "--user", "32");
		Run dueSoon = ops("holds", "list", "--event", Long.toString(eventId), "--due-within", "30m", "--limit", "1");

		assertThat(all.exit()).as(all.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(all.out()).containsPattern(first + "\\s+31\\s+1\\s+\\S+\\s+\\d+\\s+NONE\\s+0\\s+no")
			.containsPattern(declined + "\\s+32\\s+2\\s+\\S+\\s+\\d+\\s+NONE\\s+1\\s+no")
			.containsPattern(later + "\\s+33\\s+3\\s+\\S+\\s+\\d+\\s+PENDING_CHECKOUT\\s+0\\s+no")
			.contains("3 holds open on event " + eventId + " (6 seats); 3 shown");
		assertThat(all.out().indexOf(first.toString())).isLessThan(all.out().indexOf(later.toString()));
		assertThat(oneUser.out()).contains(declined.toString()).doesNotContain(first.toString())
			.doesNotContain(later.toString());
		assertThat(dueSoon.out()).contains(first.toString()).doesNotContain(later.toString()).contains("1 shown");
	}

	@Test
	void listingAnUnknownEventIsBadUsage() {
		Run run = ops("holds", "list", "--event", "987654321");

		assertThat(run.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).contains("event 987654321 does not exist");
	}

	private String holdExpiresAt(UUID bookingId) {
		return this.jdbc.queryForObject("select hold_expires_at::text from bookings where id = ?", String.class,
				bookingId);
	}

}
