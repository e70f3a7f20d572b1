package io.minitickets.loadtests.client;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StackStarter;
import io.minitickets.localstack.stack.StackState;
import io.minitickets.localstack.stack.StackStopper;
import io.minitickets.localstack.stack.StateDirectoryOption;
import io.minitickets.localstack.stack.StateStore;

/**
 * The local stack a command drives traffic against: the running one in the state folder, or one started for the
 * command and stopped again when it is closed (also on SIGINT/SIGTERM). Processes the command adds to the stack
 * (a second api-service) are stopped on close too.
 */
public final class StackSession implements AutoCloseable {

	/** How long a running stack's api-service may take to answer its health check. */
	private static final Duration HEALTHY_API_TIMEOUT = Duration.ofSeconds(60);

	private final StateStore store;

	private final StackState stack;

	private final boolean startedHere;

	private final String command;

	private final PrintStream out;

	private final List<String> extraProcesses = new ArrayList<>();

	private final AtomicBoolean closed = new AtomicBoolean();

	private final Thread hook = new Thread(this::close, "minitickets-stack-session-close");

	private StackSession(StateStore store, StackState stack, boolean startedHere, String command, PrintStream out) {
		this.store = store;
		this.stack = stack;
		this.startedHere = startedHere;
		this.command = command;
		this.out = out;
	}

	/**
	 * @param stateDirectory the stack's state folder
	 * @param command the command's name, for messages ("demo")
	 * @param out where progress is reported
	 * @return the session on the running stack, or on one started now
	 * @throws StackException when a stack cannot be started
	 */
	public static StackSession open(Path stateDirectory, String command, PrintStream out) {
		StateStore store = new StateStore(stateDirectory);
		StackState running = store.load().filter(StackState::anyRunning).orElse(null);
		StackState stack = (running != null) ? running
				: new StackStarter(store, StateDirectoryOption.checkout(), out).start(false);
		StackSession session = new StackSession(store, stack, running == null, command, out);
		Runtime.getRuntime().addShutdownHook(session.hook);
		return session;
	}

	/**
	 * @return the stack as it was when the session opened
	 */
	public StackState state() {
		return this.stack;
	}

	/**
	 * @return the stack's state file
	 */
	public StateStore store() {
		return this.store;
	}

	/**
	 * @return the stack's api-service URL, once it answers its health check (within 60 s)
	 * @throws StackException when the stack has no api-service or it is not healthy in time
	 */
	public URI healthyApi() {
		ManagedProcess api = this.stack.process(Service.API_SERVICE.module())
			.filter((process) -> process.healthUrl() != null)
			.orElseThrow(() -> new StackException("The stack in " + this.store.file() + " has no api-service; "
					+ "check ./minitickets status, or ./minitickets down and try again"));
		// Probed until healthy, not once: on a busy machine one health answer can take longer than a probe waits.
		Readiness.awaitHealthy(api, HEALTHY_API_TIMEOUT);
		return URI.create(String.valueOf(api.url()));
	}

	/**
	 * @param name a process the command added to the stack's state file, stopped on close
	 */
	public void stopOnClose(String name) {
		this.extraProcesses.add(name);
	}

	/**
	 * Stops the processes the command added, and the stack when the session started it. Idempotent.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		StackStopper stopper = new StackStopper(this.store, this.out);
		this.store.load().ifPresent((current) -> {
			StackState rest = current;
			for (String name : this.extraProcesses) {
				rest = stopper.stopProcess(rest, name);
			}
			if (this.startedHere) {
				this.out.println("Stopping the stack the " + this.command + " started...");
				stopper.stop(rest);
			}
		});
		if (Thread.currentThread() != this.hook) {
			try {
				Runtime.getRuntime().removeShutdownHook(this.hook);
			}
			catch (IllegalStateException ex) {
				// the JVM is already shutting down; the hook finds the session closed
			}
		}
	}

}
