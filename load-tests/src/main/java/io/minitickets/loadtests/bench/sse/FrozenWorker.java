package io.minitickets.loadtests.bench.sse;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.minitickets.loadtests.client.StackSession;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;

/**
 * The stack's booking-worker stopped with SIGSTOP, so that the bookings accepted meanwhile stay PENDING in Kafka
 * (their records wait, the gate holds their leases), and resumed with SIGCONT: its consumer then settles them as it
 * would after a pause. Closing resumes it, whatever happened in between.
 */
public final class FrozenWorker implements AutoCloseable {

	private final long pid;

	private boolean frozen;

	private FrozenWorker(long pid) {
		this.pid = pid;
	}

	/**
	 * @param session the stack; its worker is the one its state file names now
	 * @return its worker, stopped
	 * @throws StackException when the stack has no worker or the signal cannot be sent
	 */
	public static FrozenWorker freeze(StackSession session) {
		// the state file, not the session's start: a figure before (eta) may have started the worker again
		ManagedProcess worker = session.store()
			.load()
			.orElse(session.state())
			.process(Service.BOOKING_WORKER.module())
			.orElseThrow(() -> new StackException("The stack has no booking-worker"));
		FrozenWorker frozen = new FrozenWorker(worker.pid());
		frozen.signal("STOP");
		frozen.frozen = true;
		return frozen;
	}

	/**
	 * Resumes the worker (SIGCONT); its settlements follow.
	 * @throws StackException when the signal cannot be sent
	 */
	public synchronized void resume() {
		if (this.frozen) {
			signal("CONT");
			this.frozen = false;
		}
	}

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(this.pid)).inheritIO().start();
			if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new StackException("kill -" + signal + " " + this.pid + " failed");
			}
		}
		catch (IOException ex) {
			throw new StackException("Cannot signal the booking-worker: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while signalling the booking-worker", ex);
		}
	}

	@Override
	public void close() {
		resume();
	}

}
