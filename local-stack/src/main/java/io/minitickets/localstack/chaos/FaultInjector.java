package io.minitickets.localstack.chaos;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.minitickets.localstack.kafka.KafkaBroker;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.valkey.ValkeyServer;

/**
 * Injects one fault into the run's stack and brings the stack back: when {@link #inject} returns, every process
 * runs again (services healthy).
 */
public final class FaultInjector {

	private static final Duration FAILPOINT_WAIT = Duration.ofSeconds(180);

	private final ChaosStack stack;

	private final LoginProbe login;

	private final PoisonProducer poison;

	/**
	 * @param stack the run's stack
	 * @param login asks api-service to log in, to see the limiter fail closed
	 * @param poison produces garbage records
	 */
	public FaultInjector(ChaosStack stack, LoginProbe login, PoisonProducer poison) {
		this.stack = stack;
		this.login = login;
		this.poison = poison;
	}

	/**
	 * Injects a fault and recovers from it.
	 * @param fault which fault
	 * @param random the run's seeded randomness (poison bytes)
	 * @return what went against the design while injecting (for example a login not answered 503 while the
	 * limiter's Valkey was down, or a failpoint never reached); empty when nothing did
	 * @throws StackException when a process does not stop or come back
	 */
	public List<String> inject(FaultKind fault, Random random) {
		String worker = Service.BOOKING_WORKER.module();
		switch (fault) {
			case WORKER_KILL -> {
				this.stack.kill(worker);
				this.stack.startService(Service.BOOKING_WORKER, Map.of(), true);
			}
			case WORKER_FAILPOINT -> {
				return failpoint(worker);
			}
			case VALKEY_RESTART -> {
				return restartMainValkey();
			}
			case GATE_VALKEY_DOWN -> {
				int port = port(ChaosStack.GATE_VALKEY);
				this.stack.kill(ChaosStack.GATE_VALKEY);
				ProcessWaits.pause(Duration.ofSeconds(3));
				this.stack.startValkey(ChaosStack.GATE_VALKEY, port);
			}
			case KAFKA_RESTART -> {
				this.stack.kill(KafkaBroker.NAME);
				ProcessWaits.pause(Duration.ofSeconds(3));
				this.stack.restartKafka();
			}
			case POSTGRES_RESTART -> {
				this.stack.restartPostgres(Duration.ofSeconds(3));
			}
			case API_KILL -> {
				this.stack.kill(Service.API_SERVICE.module());
				this.stack.startService(Service.API_SERVICE, Map.of(), true);
			}
			case POISON -> this.poison.send(random);
		}
		return List.of();
	}

	private List<String> failpoint(String worker) {
		this.stack.kill(worker);
		this.stack.startService(Service.BOOKING_WORKER, Map.of("MINITICKETS_WORKER_FAILPOINT", "HALT_AFTER_COMMIT"),
				false);
		boolean halted = this.stack.awaitExit(worker, FAILPOINT_WAIT);
		if (!halted) {
			this.stack.kill(worker);
		}
		this.stack.startService(Service.BOOKING_WORKER, Map.of(), true);
		return halted ? List.of() : List.of("worker-failpoint: the worker armed with HALT_AFTER_COMMIT did not halt "
				+ "within " + FAILPOINT_WAIT.toSeconds() + " s");
	}

	private List<String> restartMainValkey() {
		int port = port(ValkeyServer.NAME);
		this.stack.kill(ValkeyServer.NAME);
		ProcessWaits.pause(Duration.ofSeconds(1));
		int status = this.login.status();
		ProcessWaits.pause(Duration.ofSeconds(1));
		this.stack.startValkey(ValkeyServer.NAME, port);
		return (status == 503) ? List.of()
				: List.of("valkey-restart: a login while the limiter's Valkey was down was answered " + status
						+ " (expected 503)");
	}

	private int port(String name) {
		return URI.create(String.valueOf(this.stack.process(name).url())).getPort();
	}

}
