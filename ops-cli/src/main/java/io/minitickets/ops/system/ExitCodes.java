package io.minitickets.ops.system;

/**
 * The exit codes of every ops command, as Kafka's tools and picocli use them.
 */
public final class ExitCodes {

	/** The command did its work. */
	public static final int DONE = 0;

	/** A check failed: drift, dead letters, bookings still pending after a replay, a service unreachable. */
	public static final int CHECK_FAILED = 1;

	/** Bad usage: nothing was published or changed. */
	public static final int BAD_USAGE = 2;

	private ExitCodes() {
	}

}
