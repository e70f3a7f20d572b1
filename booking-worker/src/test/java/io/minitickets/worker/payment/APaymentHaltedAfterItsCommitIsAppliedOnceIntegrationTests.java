package io.minitickets.worker.payment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.PaymentReceived;
import io.minitickets.core.testing.TopicReading;
import io.minitickets.worker.WorkerIntegrationTestSupport;
import io.minitickets.worker.system.Failpoints;
import io.minitickets.worker.system.WorkerProperties.Failpoint;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code HALT_AFTER_PAYMENT_COMMIT} failpoint (the chaos run's {@code payment-failpoint} row): a payment consumed
 * from {@code payments.received} is committed in Postgres, then the worker "dies" before anything else (here the halt
 * throws instead of ending the JVM, so the listener's record fails after the commit and its offset is not committed);
 * the record is consumed again and applied once: the booking CONFIRMED by one payment row, nothing refunded, the
 * failpoint reached once (the second apply is a duplicate, which commits no change).
 */
@Import(APaymentHaltedAfterItsCommitIsAppliedOnceIntegrationTests.Halting.class)
class APaymentHaltedAfterItsCommitIsAppliedOnceIntegrationTests extends WorkerIntegrationTestSupport {

	private static final List<Integer> HALTS = new CopyOnWriteArrayList<>();

	private static final RefundStub PROVIDER = new RefundStub();

	@DynamicPropertySource
	static void provider(DynamicPropertyRegistry registry) {
		PROVIDER.register(registry);
	}

	@Test
	void thePaymentConsumedAgainAfterTheHaltIsAppliedOnce() {
		Long eventId = this.jdbc.queryForObject("""
				insert into events (name, capacity, sale_opens_at, price, currency, hold_seconds)
				values ('failpoint test event', 4, now(), 2500, 'EUR', 600) returning id""", Long.class);
		UUID bookingId = UUID.randomUUID();
		this.jdbc.update("""
				insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at,
				                      amount, currency)
				values (?, ?, 1, 2, 'HELD', false, now(), now() + interval '600 seconds', 5000, 'EUR')""", bookingId,
				eventId);
		this.jdbc.update("update events set seats_sold = 2 where id = ?", eventId);
		String unique = UUID.randomUUID().toString();

		this.kafka.send(BookingTopics.PAYMENTS_RECEIVED, Long.toString(eventId), new PaymentReceived("evt_" + unique,
				bookingId, eventId, true, "pi_" + unique, 5000, "EUR", Instant.now()));

		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(this.jdbc.queryForObject(
				"select count(*) from payments where booking_id = ? and outcome = 'CONFIRMED'", Long.class, bookingId))
			.isEqualTo(1));
		try (Admin admin = Admin.create(this.kafkaAdmin.getConfigurationProperties())) {
			TopicReading.awaitConsumedToTheEnd(admin, BookingTopics.PAYMENTS_GROUP, BookingTopics.PAYMENTS_RECEIVED,
					TIMEOUT);
		}
		assertThat(HALTS).as("halted once, after the commit").containsExactly(Failpoints.HALTED_STATUS);
		assertThat(this.jdbc.queryForObject("select status from bookings where id = ?", String.class, bookingId))
			.isEqualTo("CONFIRMED");
		assertThat(this.jdbc.queryForObject("select count(*) from payments where booking_id = ?", Long.class,
				bookingId)).isEqualTo(1);
		assertThat(this.jdbc.queryForObject("select count(*) from refunds where booking_id = ?", Long.class,
				bookingId)).isZero();
		assertThat(this.jdbc.queryForObject("select seats_sold from events where id = ?", Integer.class, eventId))
			.isEqualTo(2);
	}

	/** The failpoint armed; halting records the status and ends the listener's call as a dying worker would. */
	@TestConfiguration(proxyBeanMethods = false)
	static class Halting {

		@Bean
		@Primary
		Failpoints haltingFailpoints() {
			return new Failpoints(Failpoint.HALT_AFTER_PAYMENT_COMMIT, (status) -> {
				HALTS.add(status);
				throw new IllegalStateException("Failpoint halt " + status);
			});
		}

	}

}
