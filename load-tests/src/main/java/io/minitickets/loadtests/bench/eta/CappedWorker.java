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
 * as the stack had it, without a cap. The waiting-room figure starts it with a slow-down file
 * ({@code MINITICKETS_WORKER_SLOWDOWNFILE}, also bench-only) the same way. Each start is recorded in the stack's state file under the worker's name, so
 * that {@code ./minitickets down} stops whichever runs.
 */
public final class CappedWorker {

	/** The worker's setting for the cap, in records per second (booking-worker's {@code WorkerProperties}). */
	public static final String CAP_VARIABLE = "MINITICKETS_WORKER_SETTLERATECAP";

	private static final Duration GRACE = Duration.ofSeconds(30);

	private static final String NAME = Service.BOOKING_WORKER.module();

	private final StackSession session;

	private final Path logDirectory;

	/**
	 * @param session the stack
	 * @param logDirectory where the restarted workers' logs go
	 */
	public CappedWorker(StackSession session, Path logDirectory) {
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
		Map<String, String> settings = new LinkedHashMap<>();
		if (cap != null) {
			settings.put(CAP_VARIABLE, String.format(Locale.ROOT, "%.1f", cap));
		}
		start(settings, (cap != null) ? "eta-capped" : "after-eta");
	}

	/**
	 * Stops the stack's worker if one runs, and starts one with the given bench-only settings (none: as the stack
	 * starts it); returns once it is healthy.
	 * @param settings environment variables of the worker's settings, for example
	 * {@code MINITICKETS_WORKER_SLOWDOWNFILE}
	 * @param why names its log file, {@code booking-worker-<why>.log}
	 * @throws io.minitickets.localstack.stack.StackException when it does not start or become healthy in time
	 */
	public void start(Map<String, String> settings, String why) {
		stop();
		StateStore store = this.session.store();
		StackState state = store.load().orElse(this.session.state());
		Map<String, String> extra = new LinkedHashMap<>();
		state.process(Service.PAYMENT_SIMULATOR.module())
			.map(ManagedProcess::url)
			.map((url) -> URI.create(url).getPort())
			.ifPresent((port) -> extra.putAll(ServiceLauncher.paymentApiBase(port)));
		extra.putAll(settings);
		Path checkout = StateDirectoryOption.checkout();
		ManagedProcess worker = new ServiceLauncher(new ProcessLauncher(checkout), checkout, this.logDirectory)
			.start(Service.BOOKING_WORKER, NAME, state, true, FreePorts.allocate(2), extra,
					this.logDirectory.resolve(NAME + "-" + why + ".log"));
		store.save(state.withRestarted(worker));
		Readiness.awaitHealthy(worker, ServiceLauncher.READY_TIMEOUT);
	}

}
