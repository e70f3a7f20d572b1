package io.minitickets.ops.event;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.security.AccessTokens;
import io.minitickets.ops.OpsCommand;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.OpsSettings;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load-test helpers: events created, listed, closed and opened; users created in bulk with a password they can
 * log in with; tokens the API accepts, one per line.
 */
class EventsUsersAndTokensIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void createsListsClosesAndOpensAnEventWithItsGateCounterLoaded() {
		Run created = ops("events", "create", "--name", "Sale day", "--capacity", "50", "--per-user-limit", "4");
		long eventId = Long.parseLong(created.out().trim());

		Run closed = ops("events", "close", Long.toString(eventId), "--execute");
		Run listClosed = ops("events", "list");
		Run opened = ops("events", "open", Long.toString(eventId), "--execute");
		Run listOpen = ops("events", "list");

		assertThat(created.exit()).as(created.toString()).isZero();
		assertThat(created.err()).contains("gate counter loaded");
		assertThat(this.gate.available(eventId)).isEqualTo(OptionalLong.of(50));
		assertThat(this.jdbc.queryForObject("select per_user_limit from events where id = ?", Integer.class, eventId))
			.isEqualTo(4);
		assertThat(List.of(closed.exit(), listClosed.exit(), opened.exit(), listOpen.exit())).containsOnly(0);
		assertThat(listClosed.out()).containsPattern(eventId + "\\s+Sale day\\s+0\\s+50\\s+0\\s+-\\s+600s\\s+closed");
		assertThat(listOpen.out()).containsPattern(eventId + "\\s+Sale day\\s+0\\s+50\\s+0\\s+-\\s+600s\\s+open since");
		assertThat(ops("events", "open", "987654321").exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(ops("events", "close", "987654321", "--execute").exit()).isEqualTo(ExitCodes.BAD_USAGE);
	}

	@Test
	void closeAndOpenPreviewByDefaultAndAuditWhatTheyDo() {
		long eventId = Long.parseLong(ops("events", "create", "--name", "Preview night", "--capacity", "5").out().trim());
		Instant opensAt = saleOpensAt(eventId);

		Run closePreview = ops("events", "close", Long.toString(eventId));
		Instant afterPreview = saleOpensAt(eventId);
		Run close = ops("events", "close", Long.toString(eventId), "--execute");
		Run closeAgain = ops("events", "close", Long.toString(eventId), "--execute");
		Run openPreview = ops("events", "open", Long.toString(eventId));
		Instant afterOpenPreview = saleOpensAt(eventId);
		Run open = ops("events", "open", Long.toString(eventId), "--apply");

		assertThat(List.of(closePreview.exit(), close.exit(), closeAgain.exit(), openPreview.exit(), open.exit()))
			.containsOnly(0);
		assertThat(closePreview.out()).startsWith("would close the sale of event " + eventId + " (open since " + opensAt
				+ ")")
			.contains("Nothing changed: run again with --execute to do it.");
		assertThat(afterPreview).isEqualTo(opensAt);
		assertThat(close.out()).startsWith("event " + eventId + ": sale closed (was open since " + opensAt
				+ "; audit row ");
		assertThat(closeAgain.out()).isEqualTo("event " + eventId + ": sale closed already: nothing to do\n");
		assertThat(openPreview.out()).startsWith("would open the sale of event " + eventId + " (closed) now")
			.contains("Nothing changed: run again with --execute to do it.");
		assertThat(afterOpenPreview).isEqualTo(ClosedSale.OPENS_AT);
		assertThat(open.out()).startsWith("event " + eventId + ": sale open since ");
		assertThat(saleOpensAt(eventId)).isBefore(Instant.now().plusSeconds(1));
		List<Map<String, Object>> audit = this.jdbc.queryForList(
				"select command, source_topic, filters from ops_audit where range_spec = ? order by id",
				"event " + eventId);
		assertThat(audit).extracting((row) -> row.get("command")).containsExactly("events close", "events open");
		assertThat(audit).extracting((row) -> row.get("source_topic")).containsOnly("events");
		assertThat(audit.get(0).get("filters")).isEqualTo("sale_opens_at " + opensAt + " -> " + ClosedSale.OPENS_AT);
	}

	private Instant saleOpensAt(long eventId) {
		return this.jdbc.queryForObject("select sale_opens_at from events where id = ?", java.sql.Timestamp.class,
				eventId).toInstant();
	}

	@Test
	void createsAPaidEventAndListsItsPriceCurrencyAndHold() {
		Run created = ops("events", "create", "--name", "Paid night", "--capacity", "20", "--price", "2500",
				"--currency", "EUR", "--hold", "90");
		long eventId = Long.parseLong(created.out().trim());
		Run list = ops("events", "list");

		assertThat(created.exit()).as(created.toString()).isZero();
		assertThat(created.err()).contains("2500 EUR a seat, held 90 s");
		assertThat(list.out()).containsPattern(eventId + "\\s+Paid night\\s+0\\s+20\\s+2500\\s+EUR\\s+90s\\s+open since");
	}

	@Test
	void listsAnEventsWaitingRoom() {
		long withRoom = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, waiting_room_enabled, waiting_room_opens_at,
				                    admission_mode, admission_per_second, admitted_for_seconds)
				values ('Queued night', 5, now(), true, '2026-12-24T18:00:00Z', 'fixed', 25, 300) returning id""",
				Long.class);
		long roomOff = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, waiting_room_enabled, admission_mode,
				                    admission_per_second, admitted_for_seconds)
				values ('Unqueued night', 5, now(), false, 'fixed', 25, 300) returning id""", Long.class);

		Run list = ops("events", "list");

		assertThat(list.exit()).as(list.toString()).isZero();
		assertThat(list.out()).containsPattern("waiting room\\n")
			.containsPattern(withRoom + "\\s+Queued night.*open since \\S+\\s+fixed 25/s from 2026-12-24T18:00:00Z, "
					+ "admitted 300s\\n")
			.containsPattern(roomOff + "\\s+Unqueued night.*open since \\S+\\s+off\\n");
	}

	@Test
	void refusesBadTermsAsBadUsageNamingTheOptionAndTheBound() {
		Run noCurrency = ops("events", "create", "--name", "x", "--capacity", "5", "--price", "100");
		Run unknownCurrency = ops("events", "create", "--name", "x", "--capacity", "5", "--price", "100",
				"--currency", "EUX");
		Run tooExpensive = ops("events", "create", "--name", "x", "--capacity", "5", "--price", "100000001",
				"--currency", "EUR");
		Run shortHold = ops("events", "create", "--name", "x", "--capacity", "5", "--hold", "4");

		assertThat(List.of(noCurrency.exit(), unknownCurrency.exit(), tooExpensive.exit(), shortHold.exit()))
			.containsOnly(ExitCodes.BAD_USAGE);
		assertThat(noCurrency.err()).contains("--currency is required when --price is above 0");
		assertThat(unknownCurrency.err()).contains("--currency must be an ISO 4217 code");
		assertThat(tooExpensive.err()).contains("--price must be less than or equal to 100000000");
		assertThat(shortHold.err()).contains("--hold must be greater than or equal to 5");
	}

	@Test
	void refusesANameWithABidiControlAndListsOneStoredEarlierEscaped() {
		String name = "Sale " + UUID.randomUUID();
		Run refused = ops("events", "create", "--name", name + "\u202Eevil", "--capacity", "5");
		long stored = this.jdbc.queryForObject("insert into events (name, capacity, sale_opens_at) "
				+ "values ('Sale \u202Eyad\u202C tab\there', 5, now()) returning id", Long.class);

		Run list = ops("events", "list");

		assertThat(refused.exit()).as(refused.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(refused.err()).contains("--name must not contain U+202E (Unicode category Cf)");
		assertThat(this.jdbc.queryForObject("select count(*) from events where name like ?", Integer.class,
				name + "%")).isZero();
		assertThat(list.exit()).as(list.toString()).isZero();
		assertThat(list.out()).containsPattern(stored + "\\s+Sale \\\\u202Eyad\\\\u202C tab\\\\u0009here\\s+0\\s+5")
			.doesNotContain("\u202E", "\u202C", "\t");
	}

	@Test
	void createsUsersInBulkAndMintsTokensTheApiAccepts() {
		String prefix = "ops-test-" + System.nanoTime();

		Run users = ops("users", "create", "--count", "2000", "--email-prefix", prefix, "--password", "s3cret-pass");
		Run again = ops("users", "create", "--count", "2000", "--email-prefix", prefix);
		Run tokens = ops("tokens", "mint", "--email-prefix", prefix);

		assertThat(users.exit()).as(users.toString()).isZero();
		assertThat(users.out()).contains("created 2000 users");
		assertThat(again.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(again.err()).contains("2000 of the emails", "exist already; nothing was created");
		assertThat(this.jdbc.queryForObject("select count(*) from users where email like ?", Integer.class,
				prefix + "-%")).isEqualTo(2000);
		String hash = this.jdbc.queryForObject("select password_hash from users where email = ?", String.class,
				prefix + "-1@minitickets.test");
		assertThat(PasswordEncoderFactories.createDelegatingPasswordEncoder().matches("s3cret-pass", hash)).isTrue();
		assertThat(tokens.exit()).as(tokens.err()).isZero();
		List<String> lines = tokens.out().lines().toList();
		assertThat(lines).hasSize(2000);
		JwtDecoder api = new AccessTokens(settings().accessTokens()).decoder();
		Jwt first = api.decode(lines.get(0));
		assertThat(first.getClaimAsString(AccessTokens.EMAIL_CLAIM)).isEqualTo(prefix + "-1@minitickets.test");
		assertThat(first.getClaimAsString(AccessTokens.ROLE_CLAIM)).isEqualTo("USER");
		assertThat(lines).allSatisfy((token) -> assertThat(api.decode(token).getSubject()).matches("[1-9][0-9]*"));
	}

	@Test
	void mintingWithoutASigningKeyIsBadUsage() {
		StringWriter err = new StringWriter();
		CommandLine commandLine = OpsCommand.commandLine(OpsSettings.of(Map.of()));
		commandLine.setErr(new PrintWriter(err, true));

		assertThat(commandLine.execute("tokens", "mint", "--user", "1")).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(err.toString()).contains("MINITICKETS_JWT_SECRET");
	}

}
