package io.minitickets.localstack.chaos;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.simulator.SimulatorControl;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * Injects one fault into the run's stack and brings the stack back: when {@link #inject} returns, every process
 * runs again (services healthy). Each fault makes its own precondition certain with the round's {@link BookingProbe}
 * rather than counting on the load (whose events may be sold out or quiet by then): a booking in Kafka for a worker
 * that is down or armed, a booking sent while a part is down and answered as the design says, a booking accepted
 * once the part is back.
 */
public final class FaultInjector {

	private static final Duration FAILPOINT_WAIT = Duration.ofSeconds(180);

	private static final Duration SHORT_OUTAGE = Duration.ofSeconds(3);

	/**
	 * How long a booking is tried while Postgres is down: api-service books from its event cache (2 s TTL, an entry
	 * served at most 4 s old), which the probe filled just before.
	 */
	private static final Duration POSTGRES_DOWN_TRIES = Duration.ofSeconds(4);

	private final ChaosStack stack;

	private final LoginProbe login;

	private final PoisonProducer poison;

	private final PaymentFaults payments;

	/**
	 * @param stack the run's stack
	 * @param login asks api-service to log in, to see the limiter fail closed
	 * @param poison produces garbage records
	 * @param simulator the stack's payment simulator
	 */
	public FaultInjector(ChaosStack stack, LoginProbe login, PoisonProducer poison, SimulatorControl simulator) {
		this.stack = stack;
		this.login = login;
		this.poison = poison;
		this.payments = new PaymentFaults(stack, simulator);
	}

	/**
	 * Injects a fault, makes sure it was exercised, and recovers from it.
	 * @param fault which fault
	 * @param random the run's seeded randomness (poison bytes)
	 * @param probe books one seat of the round's probe event; its answers count with the phase's
	 * @param payer a customer of the round's paid probe event, for the payment faults
	 * @return what went against the design while injecting (for example a login not answered 503 while the
	 * limiter's Valkey was down, a failpoint never reached, or no booking accepted when the fault needed one); empty
	 * when nothing did
	 * @throws StackException when a process does not stop or come back
	 */
	public List<String> inject(FaultKind fault, Random random, BookingProbe probe, PaymentProbe payer) {
		ProbeChecks probes = new ProbeChecks(fault, probe);
		switch (fault) {
			case WORKER_KILL -> {
				this.stack.kill(Service.BOOKING_WORKER.module());
				probes.accepted("while the worker was down (its record waits for the restarted worker)");
				this.stack.startService(Service.BOOKING_WORKER, Map.of(), true);
			}
			case WORKER_FAILPOINT -> failpoint(probes);
			case VALKEY_RESTART -> restartMainValkey(probes);
			case GATE_VALKEY_DOWN -> {
				int port = port(ChaosStack.GATE_VALKEY);
				long down = System.nanoTime();
				this.stack.kill(ChaosStack.GATE_VALKEY);
				probes.accepted("while the gate's Valkey was down (ungated)");
				pauseRest(down, SHORT_OUTAGE);
				this.stack.startValkey(ChaosStack.GATE_VALKEY, port);
			}
			case KAFKA_RESTART -> {
				long down = System.nanoTime();
				this.stack.kill(KafkaBroker.NAME);
				probes.answered(503, "while the broker was down");
				pauseRest(down, SHORT_OUTAGE);
				this.stack.restartKafka();
				probes.accepted("after the broker came back");
			}
			case POSTGRES_RESTART -> postgresDown(probes, this.stack::shutDownPostgres);
			case POSTGRES_KILL -> postgresDown(probes, this.stack::killPostgres);
			case API_KILL -> {
				this.stack.kill(Service.API_SERVICE.module());
				probes.answered(0, "while api-service was down");
				this.stack.startService(Service.API_SERVICE, Map.of(), true);
				probes.accepted("after api-service came back");
			}
			case POISON -> this.poison.send(random);
			case PAYMENT_FAILPOINT -> this.payments.haltAfterPaymentCommit(fault, payer, probes);
			case VALKEY_FLUSH_EXPIRY -> this.payments.flushWhileHoldsExpire(fault, payer, probes);
			case WEBHOOK_REPLAY -> this.payments.replayWebhook(fault, payer, probes);
			case PROVIDER_DOWN -> this.payments.providerDown(fault, payer, probes);
		}
		return probes.violations();
	}

	/**
	 * Kills the worker and starts one armed with HALT_AFTER_COMMIT; a booking accepted after that is a record the
	 * armed worker must consume, so it halts after its first commit unless the failpoint is broken.
	 */
	private void failpoint(ProbeChecks probes) {
		String worker = Service.BOOKING_WORKER.module();
		this.stack.kill(worker);
		this.stack.startService(Service.BOOKING_WORKER, Map.of("MINITICKETS_WORKER_FAILPOINT", "HALT_AFTER_COMMIT"),
				false);
		boolean sent = probes.accepted("after the armed worker was started (a record for it to consume)");
		boolean halted = this.stack.awaitExit(worker, FAILPOINT_WAIT);
		if (!halted) {
			this.stack.kill(worker);
		}
		this.stack.startService(Service.BOOKING_WORKER, Map.of(), true);
		if (sent && !halted) {
			probes.add("worker-failpoint: the worker armed with HALT_AFTER_COMMIT did not halt within "
					+ FAILPOINT_WAIT.toSeconds() + " s although a booking was sent to it");
		}
	}

	private void restartMainValkey(ProbeChecks probes) {
		int port = port(ValkeyServer.NAME);
		this.stack.kill(ValkeyServer.NAME);
		ProcessWaits.pause(Duration.ofSeconds(1));
		int status = this.login.status();
		probes.answered(503, "while the limiter's Valkey was down");
		ProcessWaits.pause(Duration.ofSeconds(1));
		this.stack.startValkey(ValkeyServer.NAME, port);
		if (status != 503) {
			probes.add("valkey-restart: a login while the limiter's Valkey was down was answered " + status
					+ " (expected 503)");
		}
		probes.accepted("after the limiter's Valkey came back empty");
	}

	/**
	 * Takes Postgres down (a fast shutdown or a crash) and starts it again. A booking accepted just before puts the
	 * probe's event into api-service's event cache, so that one sent once Postgres refuses connections is accepted
	 * too: a record the worker cannot settle until Postgres is back.
	 */
	private void postgresDown(ProbeChecks probes, Runnable takeDown) {
		if (!probes.accepted("before Postgres went down")) {
			return;
		}
		long down = System.nanoTime();
		takeDown.run();
		probes.accepted(POSTGRES_DOWN_TRIES, "while Postgres was down (its record waits for Postgres)");
		this.stack.startPostgresAgain(down, SHORT_OUTAGE);
	}

	private static void pauseRest(long since, Duration outage) {
		long left = outage.toNanos() - (System.nanoTime() - since);
		if (left > 0) {
			ProcessWaits.pause(Duration.ofNanos(left));
		}
	}

	private int port(String name) {
		return URI.create(String.valueOf(this.stack.process(name).url())).getPort();
	}

}
