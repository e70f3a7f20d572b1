package io.minitickets.loadtests.bench.eta;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.client.StackSession;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.ProcessStopper;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.ServiceLauncher;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;

/**
 * The stack's booking-worker as the ETA figure needs it: stopped while the backlog is filled, then started again with
 * a settle-rate cap ({@code MINITICKETS_WORKER_SETTLERATECAP}, a bench-only setting), and at the end started once more
 * as the stack had it, without a cap. Each start is recorded in the stack's state file under the worker's name, so
 * that {@code ./minitickets down} stops whichever runs.
 */
final class CappedWorker {

	/** The worker's setting for the cap, in records per second (booking-worker's {@code WorkerProperties}). */
	static final String CAP_VARIABLE = "MINITICKETS_WORKER_SETTLERATECAP";

	private static final Duration GRACE = Duration.ofSeconds(30);

	private static final String NAME = Service.BOOKING_WORKER.module();

	private final StackSession session;

	private final Path logDirectory;

	/**
	 * @param session the stack
	 * @param logDirectory where the restarted workers' logs go
	 */
	CappedWorker(StackSession session, Path logDirectory) {
		this.session = session;
		this.logDirectory = logDirectory;
	}

	/**
	 * Stops the stack's worker (SIGTERM, SIGKILL after 30 s), if one runs.
	 */
	void stop() {
		StateStore store = this.session.store();
		StackState state = store.load().orElse(this.session.state());
		state.process(NAME).ifPresent((worker) -> ProcessStopper.stop(worker, GRACE));
	}

	/**
	 * Stops the stack's worker if one runs, and starts one with the given cap, or none; returns once it is healthy.
	 * @param cap records per second at most, or null for no cap (as the stack starts it)
	 * @throws io.minitickets.localstack.stack.StackException when it does not start or become healthy in time
	 */
	void start(@Nullable Double cap) {
		stop();
		StateStore store = this.session.store();
		StackState state = store.load().orElse(this.session.state());
		Map<String, String> extra = new LinkedHashMap<>();
		state.process(Service.PAYMENT_SIMULATOR.module())
			.map(ManagedProcess::url)
			.map((url) -> URI.create(url).getPort())
			.ifPresent((port) -> extra.putAll(ServiceLauncher.paymentApiBase(port)));
		if (cap != null) {
			extra.put(CAP_VARIABLE, String.format(Locale.ROOT, "%.1f", cap));
		}
		Path checkout = StateDirectoryOption.checkout();
		ManagedProcess worker = new ServiceLauncher(new ProcessLauncher(checkout), checkout, this.logDirectory)
			.start(Service.BOOKING_WORKER, NAME, state, true, FreePorts.allocate(2), extra,
					this.logDirectory.resolve(NAME + ((cap != null) ? "-eta-capped" : "-after-eta") + ".log"));
		store.save(state.withRestarted(worker));
		Readiness.awaitHealthy(worker, ServiceLauncher.READY_TIMEOUT);
	}

}
