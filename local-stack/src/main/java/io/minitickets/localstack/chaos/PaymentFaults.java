package io.minitickets.localstack.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.valkey.ValkeyProbe;

/**
 * The payment rows of the fault table (issue 16, "Chaos"), each on bookings of its own ({@link PaymentProbe}) so the
 * fault meets a payment whatever the load does:
 * <ul>
 * <li>{@code payment-failpoint}: a hold HELD, then booking-worker restarted with {@code HALT_AFTER_PAYMENT_COMMIT}
 * armed and the hold paid: the armed worker halts right after the payment's Postgres commit, before its offset commit
 * (within 180 s, else a violation); a normal worker consumes the payment again and applies it once: CONFIRMED and PAID,
 * no refund;</li>
 * <li>{@code valkey-flush-expiry}: three holds of the paid probe event (its holds last {@link #EXPIRING_HOLD} in
 * this row) left unpaid; the gate's Valkey, the run's own, flushed ({@code FLUSHALL}) every 300 ms from just before
 * they fall due until 2 s after: the expirer returns their seats into a gate that keeps losing its counters, the
 * reconciler reloads them; each hold must be EXPIRED within 60 s, and the row's seat check (no seat twice, drift 0)
 * covers the rest;</li>
 * <li>{@code webhook-replay}: a hold paid and CONFIRMED; its {@code checkout.session.completed} event delivered again
 * by the simulator, signed afresh (as the provider resends an event a day later); api-service must take it (2xx) and
 * the worker apply it once (deduplicated by provider event id): the booking stays CONFIRMED and PAID, no refund;</li>
 * <li>{@code provider-down}: the simulator frozen (SIGSTOP: its port takes connections, nothing answers, as a provider
 * that hangs) while a paid booking is cancelled (its refund times out: REFUND_PENDING) and a payment's webhook is due;
 * thawed (SIGCONT) after at least 5 s: the webhook is delivered late and confirms its hold, the RefundRetrier issues
 * the refund once.</li>
 * </ul>
 */
final class PaymentFaults {

	/** How long a probe's booking may take to show a state: a settlement, a webhook, a refund retry. */
	private static final Duration STATE_WAIT = Duration.ofSeconds(90);

	private static final Duration PROVIDER_OUTAGE = Duration.ofSeconds(5);

	/** The payment's webhook waits this long in the simulator: it falls due while the simulator is frozen. */
	private static final long WEBHOOK_DELAY_MS = 1500;

	private final ChaosStack stack;

	private final SimulatorControl simulator;

	/**
	 * @param stack the run's stack
	 * @param simulator the stack's payment simulator
	 */
	PaymentFaults(ChaosStack stack, SimulatorControl simulator) {
		this.stack = stack;
		this.simulator = simulator;
	}

	/** How long the armed worker may take to meet the payment and halt (a JVM start on a busy machine included). */
	private static final Duration FAILPOINT_WAIT = Duration.ofSeconds(180);

	/**
	 * A payment whose worker halted between its commit and its offset commit is applied once after the restart.
	 * @param fault the row, for the violations' text
	 * @param probe the round's paid customer
	 * @param checks where violations go
	 */
	void haltAfterPaymentCommit(FaultKind fault, PaymentProbe probe, ProbeChecks checks) {
		String booking = probe.hold();
		String checkout = (booking != null) ? probe.checkout(booking) : null;
		if (checkout == null) {
			checks.add(fault.label() + ": the fault was not exercised: no hold of the paid probe event with a checkout");
			return;
		}
		String worker = Service.BOOKING_WORKER.module();
		this.stack.kill(worker);
		this.stack.startService(Service.BOOKING_WORKER, Map.of("MINITICKETS_WORKER_FAILPOINT",
				"HALT_AFTER_PAYMENT_COMMIT"), false);
		boolean paid = this.simulator.pay(checkout);
		boolean halted = paid && this.stack.awaitExit(worker, FAILPOINT_WAIT);
		if (!halted) {
			this.stack.kill(worker);
		}
		this.stack.startService(Service.BOOKING_WORKER, Map.of(), true);
		if (!paid) {
			checks.add(fault.label() + ": the fault was not exercised: the simulator did not take the payment of "
					+ "booking " + booking);
			return;
		}
		if (!halted) {
			checks.add(fault.label() + ": the worker armed with HALT_AFTER_PAYMENT_COMMIT did not halt within "
					+ FAILPOINT_WAIT.toSeconds() + " s although booking " + booking + " was paid");
		}
		if (!probe.awaitState(booking, "CONFIRMED", "PAID", STATE_WAIT)) {
			checks.add(fault.label() + ": booking " + booking + ", whose payment the halted worker had committed, is "
					+ "not CONFIRMED and PAID after the restart");
		}
	}

	/** How long the paid probe event's holds last in the {@code valkey-flush-expiry} row. */
	static final Duration EXPIRING_HOLD = Duration.ofSeconds(5);

	private static final int EXPIRING_HOLDS = 3;

	/**
	 * Holds expire while the gate's Valkey keeps being flushed.
	 * @param fault the row, for the violations' text
	 * @param probe the round's paid customer; its event's holds last {@link #EXPIRING_HOLD}
	 * @param checks where violations go
	 */
	void flushWhileHoldsExpire(FaultKind fault, PaymentProbe probe, ProbeChecks checks) {
		List<String> holds = new ArrayList<>();
		long firstHeld = System.nanoTime();
		for (int i = 0; i < EXPIRING_HOLDS; i++) {
			String booking = probe.hold();
			if (booking != null) {
				holds.add(booking);
			}
		}
		if (holds.isEmpty()) {
			checks.add(fault.label() + ": the fault was not exercised: no hold of the paid probe event");
			return;
		}
		String gate = String.valueOf(this.stack.process(ChaosStack.GATE_VALKEY).url());
		long flushFrom = firstHeld + EXPIRING_HOLD.minusMillis(500).toNanos();
		long flushUntil = System.nanoTime() + EXPIRING_HOLD.plusSeconds(2).toNanos();
		ProcessWaits.pause(Duration.ofNanos(Math.max(0, flushFrom - System.nanoTime())));
		int flushes = 0;
		while (System.nanoTime() - flushUntil < 0) {
			ValkeyProbe.call(gate, RedisClusterCommands::flushall);
			flushes++;
			ProcessWaits.pause(Duration.ofMillis(300));
		}
		for (String booking : holds) {
			if (!probe.awaitState(booking, "EXPIRED", "NONE", Duration.ofSeconds(60))) {
				checks.add(fault.label() + ": hold " + booking + " did not expire while the gate's Valkey was flushed "
						+ flushes + " times");
			}
		}
	}

	/**
	 * A webhook delivered again with a fresh signature is applied once.
	 * @param fault the row, for the violations' text
	 * @param probe the round's paid customer
	 * @param checks where violations go
	 */
	void replayWebhook(FaultKind fault, PaymentProbe probe, ProbeChecks checks) {
		String booking = paidAndConfirmed(fault, probe, checks);
		if (booking == null) {
			return;
		}
		Optional<String> event = this.simulator.deliveredPayment(booking);
		if (event.isEmpty() || !this.simulator.replay(event.get())) {
			checks.add(fault.label() + ": the fault was not exercised: no delivered payment event of booking "
					+ booking + " to replay");
			return;
		}
		long deadline = System.nanoTime() + STATE_WAIT.toNanos();
		while (this.simulator.delivered(booking, event.get()) < 2 && System.nanoTime() - deadline < 0) {
			ProcessWaits.pause(Duration.ofMillis(200));
		}
		if (this.simulator.delivered(booking, event.get()) < 2) {
			checks.add(fault.label() + ": api-service did not take the replayed event " + event.get()
					+ " (2xx) within " + STATE_WAIT.toSeconds() + " s");
			return;
		}
		// the replay reached payments.received: give the worker a moment, then the booking must be as it was
		ProcessWaits.pause(Duration.ofSeconds(2));
		if (!probe.awaitState(booking, "CONFIRMED", "PAID", STATE_WAIT)) {
			checks.add(fault.label() + ": booking " + booking + " is no longer CONFIRMED and PAID after its payment "
					+ "event " + event.get() + " was replayed");
		}
	}

	/**
	 * The provider hangs while a refund and a webhook are in flight; both go through once it answers again.
	 * @param fault the row, for the violations' text
	 * @param probe the round's paid customer
	 * @param checks where violations go
	 */
	void providerDown(FaultKind fault, PaymentProbe probe, ProbeChecks checks) {
		String refunded = paidAndConfirmed(fault, probe, checks);
		String late = probe.hold();
		String checkout = (late != null) ? probe.checkout(late) : null;
		if (refunded == null || checkout == null) {
			checks.add(fault.label() + ": the fault was not exercised: no paid booking and open checkout to take "
					+ "through the outage");
			return;
		}
		String simulatorName = Service.PAYMENT_SIMULATOR.module();
		this.simulator.behave("{\"delayMs\": " + WEBHOOK_DELAY_MS + "}");
		boolean paid = this.simulator.pay(checkout);
		long down = System.nanoTime();
		this.stack.signal(simulatorName, "STOP");
		try {
			int cancelled = probe.cancel(refunded);
			if (!paid || cancelled != 202) {
				checks.add(fault.label() + ": the fault was not exercised: pay answered " + paid
						+ ", the cancellation " + cancelled);
			}
			else if (!probe.awaitState(refunded, "CANCELLED", "REFUND_PENDING", STATE_WAIT)) {
				checks.add(fault.label() + ": booking " + refunded + " was not CANCELLED with its refund pending "
						+ "while the provider was down");
			}
			long left = PROVIDER_OUTAGE.toNanos() - (System.nanoTime() - down);
			if (left > 0) {
				ProcessWaits.pause(Duration.ofNanos(left));
			}
		}
		finally {
			this.stack.signal(simulatorName, "CONT");
		}
		this.simulator.behave("{}");
		if (!probe.awaitState(late, "CONFIRMED", "PAID", STATE_WAIT)) {
			checks.add(fault.label() + ": booking " + late + ", paid as the provider went down, was not CONFIRMED "
					+ "once its webhook could be delivered");
		}
		if (!probe.awaitState(refunded, "CANCELLED", "REFUNDED", STATE_WAIT)) {
			checks.add(fault.label() + ": the refund of booking " + refunded + " was not issued once the provider "
					+ "answered again");
		}
	}

	/** A hold of the probe's, paid through the simulator and CONFIRMED; null (and a violation) when it was not. */
	private String paidAndConfirmed(FaultKind fault, PaymentProbe probe, ProbeChecks checks) {
		String booking = probe.hold();
		String checkout = (booking != null) ? probe.checkout(booking) : null;
		if (checkout == null || !this.simulator.pay(checkout)
				|| !probe.awaitState(booking, "CONFIRMED", "PAID", STATE_WAIT)) {
			checks.add(fault.label() + ": the fault was not exercised: no hold of the paid probe event was paid and "
					+ "CONFIRMED within " + STATE_WAIT.toSeconds() + " s (booking " + booking + ")");
			return null;
		}
		return booking;
	}

}
