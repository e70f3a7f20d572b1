package io.minitickets.simulator.behaviour;

/**
 * How the simulator behaves, as {@code POST /sim/behaviour} sets it; every field left out is off.
 *
 * @param delayMs milliseconds each delivery waits before its first attempt (0: at once)
 * @param duplicate deliver each event twice (two deliveries of the same event id, as Stripe may)
 * @param outOfOrder hold events and deliver them two at a time in reverse order (the second one first); a held
 * event is released when the behaviour changes
 * @param decline every pay call declines instead ({@code checkout.session.async_payment_failed})
 * @param never pay and decline calls change nothing and send nothing: a customer who never pays
 */
public record Behaviour(long delayMs, boolean duplicate, boolean outOfOrder, boolean decline, boolean never) {

	/** Everything off: each event delivered once, at once, in order. */
	public static final Behaviour NORMAL = new Behaviour(0, false, false, false, false);

	/**
	 * @throws IllegalArgumentException when the delay is negative or over an hour
	 */
	public Behaviour {
		if (delayMs < 0 || delayMs > 3_600_000) {
			throw new IllegalArgumentException("delayMs must be between 0 and 3600000, was " + delayMs);
		}
	}

}
