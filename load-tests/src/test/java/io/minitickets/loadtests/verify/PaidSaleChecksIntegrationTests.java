package io.minitickets.loadtests.verify;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.localstack.postgres.PostgresServer;
import io.minitickets.localstack.stack.PostgresEndpoint;
import io.minitickets.localstack.valkey.ValkeyProbe;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paid-sale figures of the verifier on a database of its own on the machine's Postgres (migrated as the services
 * migrate it) and a key prefix of its own on its Valkey: a quiet paid sale written as the worker writes it reads
 * clean, and each figure counts the rows made inconsistent on purpose.
 */
class PaidSaleChecksIntegrationTests {

	private static final String VALKEY_URL = Objects.requireNonNullElse(System.getenv("MINITICKETS_TEST_VALKEY_URL"),
			"redis://127.0.0.1:6379");

	private static final long EVENT = 1;

	private final PostgresServer server = PostgresServer.configured();

	private final String suffix = HexFormat.of().formatHex(randomBytes());

	private final String database = "verify_paid_" + this.suffix;

	private final String prefix = "verify-paid-" + this.suffix + ":";

	private final UUID paid = UUID.randomUUID();

	private final UUID cancelled = UUID.randomUUID();

	private final UUID held = UUID.randomUUID();

	private final UUID offer = UUID.randomUUID();

	private PostgresEndpoint postgres;

	private Inspector inspector;

	@BeforeEach
	void createQuietPaidSale() throws SQLException {
		this.postgres = this.server.createDatabase(this.database, true);
		Flyway.configure()
			.dataSource(this.postgres.jdbcUrl(), this.postgres.username(), this.postgres.password())
			.load()
			.migrate();
		this.inspector = new Inspector(this.postgres, VALKEY_URL, this.prefix, "127.0.0.1:1");
		// 10 seats: 2 paid and CONFIRMED, 2 paid then CANCELLED (refunded), 1 HELD, 2 offered to the oldest waiting
		// entry when the cancellation returned its seats; 5 in the gate.
		sql("""
				insert into events (id, name, capacity, seats_sold, sale_opens_at, price, currency)
				values (1, 'Gala', 10, 5, now(), 2500, 'EUR');
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, amount, currency)
				values ('%s', 1, 1, 2, 'CONFIRMED', true, now(), 5000, 'EUR'),
				       ('%s', 1, 2, 2, 'CANCELLED', true, now(), 5000, 'EUR'),
				       ('%s', 1, 3, 1, 'HELD', true, now(), 2500, 'EUR'),
				       ('%s', 1, 4, 2, 'HELD', false, now(), 5000, 'EUR');
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind, outcome)
				values ('evt_1', '%s', 'pi_1', 5000, 'EUR', 'SUCCEEDED', 'CONFIRMED'),
				       ('evt_2', '%s', 'pi_2', 5000, 'EUR', 'SUCCEEDED', 'CONFIRMED'),
				       ('evt_3', '%s', null, 2500, 'EUR', 'FAILED', 'FAILED_RECORDED');
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason)
				values ('pi_2', '%s', 'refund-%s', 5000, 'EUR', 'cancelled by the customer');
				insert into waitlist_entries (event_id, user_id, quantity, joined_at, state, offer_booking_id, offered_at)
				values (1, 4, 2, now() - interval '1 minute', 'OFFERED', '%s', now()),
				       (1, 5, 3, now() - interval '50 seconds', 'WAITING', null, null);
				""".formatted(this.paid, this.cancelled, this.held, this.offer, this.paid, this.cancelled, this.held,
				this.cancelled, this.cancelled, this.offer));
		ValkeyProbe.call(VALKEY_URL, (commands) -> commands.set(new ValkeyKeys(this.prefix).event(EVENT).available(),
				"5"));
	}

	@AfterEach
	void dropDatabaseAndKeys() {
		this.server.dropDatabase(this.database);
		ValkeyProbe.deleteKeys(VALKEY_URL, this.prefix);
	}

	@Test
	void aQuietPaidSaleIsClean() {
		Verification verification = verification();

		assertThat(verification.breaches()).isEmpty();
		assertThat(verification.figures().seatConservation()).isZero();
		assertThat(verification.paid()).isEqualTo(PaidFacts.CLEAN);
	}

	@Test
	void seatsInTheGateBesidesAHoldAreNotConserved() {
		ValkeyProbe.call(VALKEY_URL, (commands) -> commands.set(new ValkeyKeys(this.prefix).event(EVENT).available(),
				"6"));

		assertThat(verification().figures().seatConservation()).isEqualTo(1);
	}

	@Test
	void seatsSoldThatTheRowsDoNotHoldAreNotConserved() throws SQLException {
		sql("update events set seats_sold = 4 where id = 1");

		assertThat(verification().figures().seatConservation()).isEqualTo(1);
	}

	@Test
	void aPaidBookingConfirmedWithoutAPaymentIsAMoneyMismatch() throws SQLException {
		sql("update bookings set status = 'CONFIRMED' where id = '" + this.held + "'");
		sql("update events set seats_sold = 5 where id = 1");

		assertThat(verification().figures().moneyMismatch()).isEqualTo(2);
	}

	@Test
	void aPaymentForABookingThatExpiredWithoutARefundIsAMoneyMismatch() throws SQLException {
		sql("""
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind, outcome)
				values ('evt_4', '%s', 'pi_4', 2500, 'EUR', 'SUCCEEDED', 'REFUNDED')""".formatted(this.held));

		assertThat(verification().figures().moneyMismatch()).isEqualTo(1);
	}

	@Test
	void aSecondRefundOfOnePaymentIsADoubleRefund() throws SQLException {
		sql("""
				insert into refunds (provider_payment_id, booking_id, idempotency_key, amount, currency, reason)
				values ('ch_2', '%s', 'refund-ch_2', 5000, 'EUR', 'cancelled by the customer')""".formatted(this.cancelled));

		VerifierFigures figures = verification().figures();

		assertThat(figures.doubleRefunds()).isEqualTo(1);
		assertThat(figures.moneyMismatch()).isEqualTo(1);
	}

	@Test
	void anOfferPastAnOlderEntryThatFittedViolatesTheWaitingListOrder() throws SQLException {
		sql("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at, state)
				values (1, 6, 1, now() - interval '2 minutes', 'WAITING')""");

		assertThat(verification().figures().waitlistOrderViolations()).isEqualTo(1);
	}

	@Test
	void anOlderEntryTooLargeForTheOfferIsPassedOverRightly() throws SQLException {
		sql("""
				insert into waitlist_entries (event_id, user_id, quantity, joined_at, state)
				values (1, 6, 3, now() - interval '2 minutes', 'WAITING')""");

		assertThat(verification().figures().waitlistOrderViolations()).isZero();
	}

	@Test
	void anOlderEntryWhoseUserIsAtTheLimitIsPassedOverRightly() throws SQLException {
		sql("""
				update events set per_user_limit = 2 where id = 1;
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, amount, currency,
				                      settled_at)
				values ('%s', 1, 6, 2, 'CONFIRMED', true, now(), 5000, 'EUR', now() - interval '3 minutes');
				insert into payments (provider_event_id, booking_id, provider_payment_id, amount, currency, kind, outcome)
				values ('evt_6', '%1$s', 'pi_6', 5000, 'EUR', 'SUCCEEDED', 'CONFIRMED');
				insert into waitlist_entries (event_id, user_id, quantity, joined_at, state)
				values (1, 6, 1, now() - interval '2 minutes', 'WAITING')""".formatted(UUID.randomUUID()));

		assertThat(verification().figures().waitlistOrderViolations()).isZero();
		assertThat(verification().figures().moneyMismatch()).isZero();
	}

	private Verification verification() {
		List<EventFacts> events = this.inspector.events(Set.of(EVENT));
		return Verification.of(events, List.of(), 0, Map.of(), this.inspector.paid(Set.of(EVENT)));
	}

	private void sql(String statements) throws SQLException {
		try (Connection connection = this.server.connect(this.postgres.jdbcUrl());
				Statement statement = connection.createStatement()) {
			statement.execute(statements);
		}
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[4];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

}
