package io.minitickets.ops.booking;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.messaging.CancellationRequested;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.Durations;
import io.minitickets.ops.system.ExecuteOption;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.KafkaClients;
import io.minitickets.ops.system.OpsAudit;
import io.minitickets.ops.system.Postgres;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code ops bookings refund BOOKING}: refunds a paid CONFIRMED booking by hand. A dry run by default: it prints what
 * would happen. With {@code --execute} it records a {@link CancellationRequested} naming the operator on
 * {@code cancellations.requested} (keyed by the event id, as api-service records a customer's cancellation), appends
 * an {@code ops_audit} row, and waits for the worker: the worker decides under the event's row lock, ends the booking
 * REFUNDED, gives its seats back (waiting list first) and records the refund of its payment, once, whatever the
 * event's cancellation deadline. Nothing here changes a booking itself.
 */
@Command(name = "refund", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Refunds a paid CONFIRMED booking by hand: the worker ends it REFUNDED, gives its seats back "
				+ "(to the waiting list first) and refunds its payment once, whatever the event's cancellation "
				+ "deadline. Previews by default; acts with --execute, audited in ops_audit.",
				"Exit codes: 0 done (or refunded already: nothing to do), 1 the worker did not apply it within "
						+ "--wait, 2 bad usage or a booking without a payment to refund (nothing published)." })
final class RefundBookingCommand implements Callable<Integer> {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@ParentCommand
	private BookingsCommand bookings;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "BOOKING", description = "The booking's id (a UUID).")
	private UUID bookingId;

	@Mixin
	private ExecuteOption execute = new ExecuteOption();

	@Option(names = "--wait", paramLabel = "DURATION", defaultValue = "30s", converter = Durations.class,
			description = "How long --execute waits for the worker to apply it (default: ${DEFAULT-VALUE}).")
	private Duration wait;

	@Override
	public Integer call() throws Exception {
		PrintWriter out = this.spec.commandLine().getOut();
		var settings = this.bookings.ops().settings();
		try (Connection connection = new Postgres(settings).connect()) {
			FoundBooking booking = Bookings.require(connection, this.bookingId);
			if (booking.refundRequestedAt() != null) {
				out.printf("booking %s is %s; the refund of its payment %s was recorded at %s and is %s: nothing to "
						+ "do%n", this.bookingId, booking.status(), booking.paymentId(), booking.refundRequestedAt(),
						booking.refundState());
				return ExitCodes.DONE;
			}
			refuseWithoutPayment(booking);
			if (!this.execute.execute()) {
				out.printf("would refund booking %s: CONFIRMED, %d seats of event %d, user %d, payment %s of %d %s; "
						+ "the worker would end it REFUNDED and give its seats back (to the waiting list first). "
						+ "Nothing changed: run again with --execute to do it.%n", this.bookingId, booking.quantity(),
						booking.eventId(), booking.userId(), booking.paymentId(), booking.amount(),
						booking.currency());
				return ExitCodes.DONE;
			}
			String who = OpsAudit.who();
			publish(new KafkaClients(settings), new CancellationRequested(this.bookingId, booking.eventId(),
					booking.userId(), Instant.now(), who));
			long auditId = OpsAudit.append(connection,
					new OpsAudit.Entry(who, "bookings refund", BookingTopics.CANCELLATIONS_REQUESTED,
							"booking " + this.bookingId,
							"event " + booking.eventId() + ", payment " + booking.paymentId(), 1, 1, 1, 0, 0));
			out.printf("asked the worker to refund booking %s (audit row %d); waiting up to %s%n", this.bookingId,
					auditId, this.wait);
			return report(out, Bookings.awaitLeaving(connection, this.bookingId, "CONFIRMED", this.wait));
		}
	}

	private void refuseWithoutPayment(FoundBooking booking) {
		if ("CONFIRMED".equals(booking.status()) && booking.paymentId() != null) {
			return;
		}
		String why = switch (booking.status()) {
			case "HELD" -> "HELD: nothing was paid, nothing to refund (ops holds expire ends a hold)";
			case "CONFIRMED" -> "CONFIRMED without a payment (a free event's booking): nothing to refund";
			default -> booking.status() + " without a payment to refund";
		};
		throw new BadUsageException("booking " + this.bookingId + " is " + why + "; nothing published");
	}

	private void publish(KafkaClients kafka, CancellationRequested refund) throws Exception {
		try (KafkaProducer<byte[], byte[]> producer = kafka.producer()) {
			producer
				.send(new ProducerRecord<>(BookingTopics.CANCELLATIONS_REQUESTED,
						Long.toString(refund.eventId()).getBytes(StandardCharsets.UTF_8),
						JSON.writeValueAsBytes(refund)))
				.get(30, TimeUnit.SECONDS);
		}
	}

	private int report(PrintWriter out, FoundBooking now) {
		if ("REFUNDED".equals(now.status())) {
			out.printf("booking %s REFUNDED by the worker at %s; %d seats back; refund of payment %s %s%n",
					this.bookingId, now.endedAt(), now.quantity(), now.paymentId(),
					(now.refundIssued() ? "issued" : "recorded, pending: the worker asks the provider after the commit"
							+ " and retries"));
			return ExitCodes.DONE;
		}
		if ("CONFIRMED".equals(now.status())) {
			out.printf("booking %s is still CONFIRMED after %s: the worker has not applied the refund yet (ops status "
					+ "shows the lag of group %s); it applies it when it catches up%n", this.bookingId, this.wait,
					BookingTopics.CANCELLATIONS_GROUP);
			return ExitCodes.CHECK_FAILED;
		}
		out.printf("booking %s became %s before the refund was applied (the customer cancelled it first): the "
				+ "worker refunded nothing more%n", this.bookingId, now.status());
		return ExitCodes.DONE;
	}

}
