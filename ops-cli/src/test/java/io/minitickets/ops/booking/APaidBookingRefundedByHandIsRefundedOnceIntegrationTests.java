package io.minitickets.ops.booking;

import java.util.Map;
import java.util.UUID;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.PaidBookings;
import io.minitickets.ops.system.ExitCodes;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops bookings refund}: a dry run publishes and changes nothing; {@code --execute} records the request on
 * {@code cancellations.requested} and the worker refunds the paid booking once (REFUNDED, seats back, one refund row);
 * a second run is a no-op that says so; a booking without a payment is refused precisely, nothing published.
 */
class APaidBookingRefundedByHandIsRefundedOnceIntegrationTests extends OpsIntegrationTestSupport {

	private PaidBookings paid;

	@BeforeEach
	void paidBookings() {
		this.paid = new PaidBookings(this.jdbc, this.kafka, this.gate, TIMEOUT);
	}

	@Test
	void aDryRunChangesNothingAndExecuteRefundsThePaidBookingOnce() {
		long eventId = this.paid.event(2, PaidBookings.PRICE);
		UUID booking = this.paid.book(eventId, 41, 2, "HELD");
		String paymentId = this.paid.pay(eventId, booking, 2, true);
		this.paid.awaitStatus(booking, "CONFIRMED");
		int audited = auditRows();
		long published = cancellationRecords();

		Run dryRun = ops("bookings", "refund", booking.toString());

		assertThat(dryRun.exit()).as(dryRun.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(dryRun.out())
			.contains("would refund booking " + booking + ": CONFIRMED, 2 seats of event " + eventId)
			.contains("payment " + paymentId + " of 5000 EUR")
			.contains("Nothing changed");
		assertThat(cancellationRecords()).isEqualTo(published);
		assertThat(this.paid.status(booking)).isEqualTo("CONFIRMED");
		assertThat(auditRows()).isEqualTo(audited);

		Run execute = ops("bookings", "refund", booking.toString(), "--execute");

		assertThat(execute.exit()).as(execute.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(execute.out()).contains("booking " + booking + " REFUNDED by the worker");
		assertThat(this.paid.status(booking)).isEqualTo("REFUNDED");
		assertThat(seatsSold(eventId)).isZero();
		assertThat(this.jdbc.queryForObject("select reason from refunds where booking_id = ?", String.class, booking))
			.isEqualTo("refunded by an operator (" + System.getProperty("user.name") + ")");
		assertThat(this.paid.count("""
				select count(*) from ops_audit
				where command = 'bookings refund' and range_spec = ? and published = 1""",
				"booking " + booking)).isEqualTo(1);

		Run again = ops("bookings", "refund", booking.toString(), "--execute");

		assertThat(again.exit()).as(again.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(again.out()).contains("booking " + booking + " is REFUNDED; the refund of its payment " + paymentId)
			.contains("nothing to do");
		assertThat(cancellationRecords()).isEqualTo(published + 1);
		assertThat(this.paid.count("select count(*) from refunds where booking_id = ?", booking)).isEqualTo(1);
		assertThat(auditRows()).isEqualTo(audited + 1);
	}

	@Test
	void aBookingWithoutAPaymentIsRefusedPreciselyAndNothingIsPublished() {
		long paidEvent = this.paid.event(2, PaidBookings.PRICE);
		UUID held = this.paid.book(paidEvent, 51, 1, "HELD");
		long freeEvent = this.paid.event(2, 0);
		UUID free = this.paid.book(freeEvent, 52, 1, "CONFIRMED");
		int audited = auditRows();
		long published = cancellationRecords();

		Run heldRun = ops("bookings", "refund", held.toString(), "--execute");
		Run freeRun = ops("bookings", "refund", free.toString(), "--execute");

		assertThat(heldRun.exit()).as(heldRun.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(heldRun.err()).contains("booking " + held + " is HELD: nothing was paid, nothing to refund");
		assertThat(freeRun.exit()).as(freeRun.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(freeRun.err())
			.contains("booking " + free
					+ " is CONFIRMED without a payment (a free event's booking): nothing to refund");
		assertThat(cancellationRecords()).isEqualTo(published);
		assertThat(auditRows()).isEqualTo(audited);
		assertThat(this.paid.status(held)).isEqualTo("HELD");
		assertThat(this.paid.status(free)).isEqualTo("CONFIRMED");
	}

	private long cancellationRecords() {
		Map<TopicPartition, Long> ends = endOffsets(BookingTopics.CANCELLATIONS_REQUESTED);
		return ends.values().stream().mapToLong(Long::longValue).sum();
	}

}
