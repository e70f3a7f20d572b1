package io.minitickets.worker.system;

import java.util.function.IntConsumer;

import io.minitickets.worker.system.WorkerProperties.Failpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Halts the JVM at the configured {@link Failpoint}, as {@code kill -9} would: no shutdown hooks, no offset commit,
 * no graceful anything. Used by {@code ./minitickets chaos} to hit the worst moment deterministically.
 */
@Component
public class Failpoints {

	/** The exit status of a halted worker, as a shell reports a process killed by SIGKILL. */
	public static final int HALTED_STATUS = 137;

	private static final Logger logger = LoggerFactory.getLogger(Failpoints.class);

	private final Failpoint armed;

	private final IntConsumer halt;

	/**
	 * @param properties which failpoint is armed
	 */
	@Autowired
	public Failpoints(WorkerProperties properties) {
		this(properties.failpoint(), Runtime.getRuntime()::halt);
	}

	/**
	 * @param armed the point to halt at
	 * @param halt what halting is ({@link Runtime#halt} in a worker; a test records it)
	 */
	public Failpoints(Failpoint armed, IntConsumer halt) {
		this.armed = armed;
		this.halt = halt;
	}

	/**
	 * Halts the JVM when this point is the armed one; otherwise returns at once.
	 * @param point the point the caller has reached
	 */
	public void reach(Failpoint point) {
		if (point != Failpoint.NONE && point == this.armed) {
			logger.warn("Failpoint {} reached: halting the worker", point);
			this.halt.accept(HALTED_STATUS);
		}
	}

}
