package io.minitickets.localstack.stack;

import java.nio.file.Path;

/**
 * The services of the pipeline, each a Spring Boot application built as {@code <module>/target/<module>-exec.jar}.
 */
public enum Service {

	/** The HTTP API; it migrates the schema, so it starts first. */
	API_SERVICE("api-service"),

	/** Settles bookings from Kafka in Postgres. */
	BOOKING_WORKER("booking-worker"),

	/** Repairs drift between the Valkey gate and Postgres. */
	RECONCILER("reconciler"),

	/**
	 * The payment provider's stand-in: Stripe's HTTP contract, webhooks to api-service. One per stack, whatever the
	 * topology: it stands for one provider account.
	 */
	PAYMENT_SIMULATOR("payment-simulator", false);

	private final String module;

	private final boolean scalesOut;

	Service(String module) {
		this(module, true);
	}

	Service(String module, boolean scalesOut) {
		this.module = module;
		this.scalesOut = scalesOut;
	}

	/**
	 * @param topology the stack's topology
	 * @return how many instances of this service the topology runs: {@link Topology#instances()}, or 1 for a service
	 * that does not scale out
	 */
	public int instances(Topology topology) {
		return this.scalesOut ? topology.instances() : 1;
	}

	/**
	 * @return the Maven module's name, also the process's name in the stack
	 */
	public String module() {
		return this.module;
	}

	/**
	 * @param checkout the checkout's root folder
	 * @return the runnable jar's path
	 */
	public Path jar(Path checkout) {
		return checkout.resolve(this.module).resolve("target").resolve(this.module + "-exec.jar");
	}

}
